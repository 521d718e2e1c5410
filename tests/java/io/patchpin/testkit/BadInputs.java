package io.patchpin.testkit;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.nio.file.Path;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Assertions on bad-input refusals: the one line names the file and the line. */
public final class BadInputs {
    private BadInputs() {}

    /**
     * Asserts that {@code read} is refused as bad input in {@code file} at {@code line}, its message
     * containing {@code message}; {@code what} names the case in a failure.
     */
    public static void refusedAt(String what, ThrowingCallable read, Path file, int line, String message) {
        assertThatThrownBy(read).as(what).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.source()).as(what).isEqualTo(file.toString());
            assertThat(e.line()).as(what).isEqualTo(line);
            assertThat(e.getMessage()).as(what).contains(message);
        });
    }
}
