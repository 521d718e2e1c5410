package io.patchpin.archive;

import java.io.IOException;
import java.nio.file.Path;

/** The tests' independent NAR encoder, for tests in other packages. */
public final class TestNarAccess {
    private TestNarAccess() {}

    public static byte[] of(Path dir) throws IOException {
        return TestNar.of(dir);
    }
}
