package io.patchpin.safety;

import io.patchpin.core.Parallel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Flushing to disk ({@link FileChannel#force}), on unless the system property {@value #PROPERTY} is
 * {@code false}. Only the test JVMs set it (pom.xml, surefire's argLine), as git's own test suite runs with
 * {@code GIT_TEST_FSYNC=0}: the tests check what is written, not that a power cut keeps it, and a flush per
 * write cost them a third of their system time. The launcher never sets it, and the kill -9 test runs the
 * shipped launcher, so the durability promise is tested with the flushes on.
 */
public final class Fsync {
    /** The system property that turns flushing off when {@code false}. */
    public static final String PROPERTY = "patchpin.fsync";

    private static final boolean ON = on(System.getProperty(PROPERTY));
    /** Flushes waiting at once: enough for the file system to commit them together, few enough to start fast. */
    private static final int AT_ONCE = 16;

    private Fsync() {}

    /** Whether flushing is on for a value of {@value #PROPERTY}: anything but {@code false}, unset included. */
    static boolean on(String value) {
        return !"false".equals(value);
    }

    /** Whether this JVM flushes. */
    public static boolean on() {
        return ON;
    }

    /** Flushes {@code channel}'s content and metadata to disk, unless flushing is off. */
    public static void force(FileChannel channel) throws IOException {
        if (ON) {
            channel.force(true);
        }
    }

    /**
     * Flushes every file's content and metadata to disk, unless flushing is off, several at once: the file
     * system commits flushes that wait together in one go, where one after the other each waited a commit of
     * its own (450 files took 0.9 to 2 s one by one, 0.2 to 0.3 s sixteen at once, on the machine CI uses).
     */
    public static void forceAll(List<Path> files) throws IOException {
        if (!ON || files.isEmpty()) {
            return;
        }
        Parallel.map(files, AT_ONCE, p -> {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            return p;
        });
    }
}
