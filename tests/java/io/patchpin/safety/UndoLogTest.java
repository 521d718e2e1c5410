package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UndoLogTest {
    @Test
    void undoesEveryStepNewestFirstEvenPastOneThatThrows() {
        List<String> undone = new ArrayList<>();
        UndoLog log = new UndoLog();
        log.done(() -> undone.add("first"));
        log.done(() -> {
            throw new IllegalStateException("second cannot be undone");
        });
        log.done(() -> undone.add("third"));
        RuntimeException cause = new RuntimeException("the write failed");

        RuntimeException out = log.rollback(cause);

        assertThat(out).isSameAs(cause).hasMessage("the write failed");
        assertThat(undone).containsExactly("third", "first");
        assertThat(cause.getSuppressed()).hasSize(1);
        assertThat(cause.getSuppressed()[0]).hasMessage("second cannot be undone");
    }

    @Test
    void committedStepsAreNotUndone() {
        List<String> undone = new ArrayList<>();
        UndoLog log = new UndoLog();
        log.done(() -> undone.add("kept"));
        log.commit();
        log.rollback(new RuntimeException("later"));
        assertThat(undone).isEmpty();
    }
}
