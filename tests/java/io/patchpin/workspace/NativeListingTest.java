package io.patchpin.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.testkit.Repo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The native folder listing gives what java.nio gives: the same entries with the same stat data, and the same
 * status of a checkout full of edge cases. The suite runs on Java 17, where the native listing cannot be used,
 * so it runs in a JVM of Java 22 or later found on this machine (PATCHPIN_TEST_JAVA, JAVA_HOME, or the JDKs
 * beside this one), and is skipped when there is none.
 */
class NativeListingTest {
    @TempDir
    Path tmp;

    @Test
    void givesWhatJavaNioGives() throws Exception {
        Optional<Path> java = javaWithForeignFunctions();
        assumeTrue(java.isPresent(), "no JDK 22 or later on this machine");
        Path work = edgeCases();

        String expected = "native=true\n" + String.join("", ListingProbe.describe(work, false))
                + "changed=" + WorkTreeStatus.of(work).changed() + "\n"
                // errors are java.nio's: it lists or stats again where a native call fails
                + "missing folder: NoSuchFileException\nentry gone before its lstat: NoSuchFileException\n";
        assertThat(probe(java.get(), work)).isEqualTo(expected);
        assertThat(expected).contains("entry-with-a-long-name-to-fill-the-buffer-1199 ", "caf\u00e9.txt", "exec.sh exec.sh FILE false false",
                "link link LINK false false", "sub sub FOLDER true false");
    }

    private Path edgeCases() throws IOException {
        Repo r = Repo.init(tmp.resolve("work")).write("same.txt", "s\n").write("grown.txt", "g\n").write("exec.sh", "x\n")
                .write("target.txt", "t\n").write("became-dir", "f\n").write("sub/deep/file.txt", "d\n")
                .write("with space.txt", "w\n").write("caf\u00e9.txt", "c\n").write(".gitignore", "*.log\nbuild/\n");
        for (int i = 0; i < 1200; i++) { // several getdents64 calls for one folder
            r.write("many/entry-with-a-long-name-to-fill-the-buffer-" + i, i + "\n");
        }
        Path work = r.dir();
        Files.setPosixFilePermissions(work.resolve("exec.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(work.resolve("link"), Path.of("target.txt"));
        r.commit("base");
        Files.setPosixFilePermissions(work.resolve("exec.sh"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(work.resolve("grown.txt"), "grown\n");
        Files.writeString(work.resolve("many/entry-with-a-long-name-to-fill-the-buffer-7"), "8\n"); // same size
        Files.delete(work.resolve("became-dir"));
        Files.writeString(Files.createDirectories(work.resolve("became-dir")).resolve("inner.txt"), "i\n");
        r.write("untracked.txt", "u\n").write("debug.log", "ignored\n").write("build/out.o", "ignored\n");
        Files.createDirectories(work.resolve("empty"));
        Repo.init(work.resolve("vendor/nested")).write("n.txt", "n\n");
        return work;
    }

    private static String probe(Path java, Path work) throws IOException, InterruptedException {
        Path out = work.resolveSibling("probe.out");
        List<String> command = new ArrayList<>(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED",
                "-Dpatchpin.native-listing-from=0"));
        // a coverage agent given to this JVM (mvn -Pcoverage) records the probe's run too
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-javaagent:"))
                .forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ListingProbe.class.getName(), work.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    /** This JVM when it is Java 22 or later, else the first such JDK named or found beside it. */
    private static Optional<Path> javaWithForeignFunctions() throws IOException {
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        for (String name : new String[] {"PATCHPIN_TEST_JAVA_HOME", "JAVA_HOME"}) {
            String home = System.getenv(name);
            if (home != null && !home.isEmpty()) {
                homes.add(Path.of(home));
            }
        }
        Path jvms = Path.of(System.getProperty("java.home")).toRealPath().getParent();
        try (Stream<Path> beside = Files.list(jvms)) {
            beside.sorted().forEach(homes::add);
        }
        for (Path home : homes) {
            Path java = home.resolve("bin/java");
            if (Files.isExecutable(java) && major(home) >= 22) {
                return Optional.of(java);
            }
        }
        return Optional.empty();
    }

    /** The feature release a JDK's "release" file names, 0 when it has none. */
    private static int major(Path home) throws IOException {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=\"")) {
                String v = line.substring("JAVA_VERSION=\"".length());
                int end = 0;
                while (end < v.length() && Character.isDigit(v.charAt(end))) {
                    end++;
                }
                return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
            }
        }
        return 0;
    }
}
