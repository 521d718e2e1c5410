package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Where the tests' temp folders go (JUnit's {@code @TempDir} through {@link Factory}, the fixture slots through
 * {@link Folders#tempUntilExit}): a folder of this JVM's on {@code /dev/shm} when that is a tmpfs with room to
 * spare, mounted without {@code noexec}; else the JVM's temp folder. The suite creates and deletes some 100,000
 * files and folders, which is dear in system time on a disk file system (ext4 without a journal looks through
 * the recently deleted inodes on every create). {@code -Dpatchpin.test.tmp=disk} (surefire's {@code test.tmp}
 * property) keeps every temp folder in the JVM's temp folder.
 */
public final class TempRoot {
    static final String PROPERTY = "patchpin.test.tmp";
    private static final Path SHM = Path.of("/dev/shm");
    /** The suite's files at any one time take some 60 MB; chromium's and the JVMs' own use of /dev/shm come on top. */
    private static final long ROOM = 2L << 30;
    /** This JVM's folder on /dev/shm, or null for the JVM's temp folder. */
    private static final Path ROOT = choose();

    private TempRoot() {}

    /** JUnit's {@code @TempDir} folders, made by {@link #createTempDirectory} (junit-platform.properties). */
    public static final class Factory implements TempDirFactory {
        @Override
        public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
            return TempRoot.createTempDirectory("junit");
        }
    }

    /** Whether {@code dir} goes with the tests' temp root when the JVM exits (it is on /dev/shm). */
    static boolean deletedAtExit(Path dir) {
        return ROOT != null && dir.startsWith(ROOT);
    }

    /** A new folder named {@code prefix...} in the tests' temp root. */
    public static Path createTempDirectory(String prefix) throws IOException {
        return ROOT == null ? Files.createTempDirectory(prefix) : Files.createTempDirectory(ROOT, prefix);
    }

    private static Path choose() {
        if (System.getProperty(PROPERTY, "auto").equals("disk") || !suitable()) {
            return null;
        }
        Path dir = SHM.resolve("patchpin-tests-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteAtExit(dir)));
        return dir;
    }

    private static boolean suitable() {
        try {
            if (!Files.isDirectory(SHM) || !Files.isWritable(SHM)) {
                return false;
            }
            FileStore store = Files.getFileStore(SHM);
            if (!store.type().equals("tmpfs") || store.getUsableSpace() < ROOM) {
                return false;
            }
            try (Stream<String> mounts = Files.lines(Path.of("/proc/mounts"), StandardCharsets.UTF_8)) {
                return mounts.map(l -> l.split(" "))
                        .filter(f -> f.length > 3 && f[1].equals(SHM.toString()))
                        .noneMatch(f -> (',' + f[3] + ',').contains(",noexec,"));
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** At exit; the only exit hook deleting what is below it ({@link Folders#tempUntilExit} adds none there). */
    private static void deleteAtExit(Path dir) {
        for (int attempt = 1; Files.exists(dir, LinkOption.NOFOLLOW_LINKS); attempt++) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                if (attempt == 3) {
                    System.err.println("could not delete " + dir + ": " + e);
                    return;
                }
            }
        }
    }
}
