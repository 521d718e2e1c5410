package io.patchpin.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * JVMs that tests start on this build's classes, where a real JVM is what is checked (a template's command line
 * run by bash, a heap that runs out). They take the test JVMs' own start-up options: the serial collector, C1 only,
 * no perf-data file and no bytecode verification of the class path (about a sixth of such a JVM's CPU); and
 * bin/patchpin's 16 MB young generation (without it a third more pages touched, a tenth more CPU). Their class path
 * is the test JVM's with each signed jar (JGit's) as an unsigned copy, made once per test JVM: a JVM checks a signed
 * jar's signature and digests every class it loads from it, a ninth of such a JVM's CPU.
 * bin/patchpin's build step and start-up are not under test, and the shipped launcher keeps its own options.
 */
public final class Jvm {
    private static final List<String> OPTIONS = List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData",
            "-XX:+UnlockDiagnosticVMOptions",
            "-XX:-BytecodeVerificationRemote",
            "-Xmn16m");

    private Jvm() {}

    /** The command line of {@code patchpin args...} in a JVM of its own, with {@code jvmOptions} after the fixed ones. */
    public static List<String> patchpin(List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(OPTIONS);
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", UnsignedClassPath.VALUE, "io.patchpin.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** The test JVM's class path, each signed jar replaced by an unsigned copy: computed on first use, then kept. */
    private static final class UnsignedClassPath {
        static final String VALUE = unsigned(System.getProperty("java.class.path"));

        private static String unsigned(String classPath) {
            Path copies = Folders.tempUntilExit("patchpin-jars-");
            List<String> out = new ArrayList<>();
            for (String entry : classPath.split(File.pathSeparator)) {
                Path jar = Path.of(entry);
                out.add(
                        signatures(jar).isEmpty()
                                ? entry
                                : withoutSignatures(jar, copies).toString());
            }
            return String.join(File.pathSeparator, out);
        }

        /** The signature files of {@code jar} (META-INF/*.SF, .RSA, .DSA, .EC); none for a folder. */
        private static List<String> signatures(Path jar) {
            if (!Files.isRegularFile(jar)) {
                return List.of();
            }
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                return zip.stream()
                        .map(ZipEntry::getName)
                        .filter(n -> n.matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)"))
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** A copy of {@code jar} in {@code dir} without its signature files; the other entries' bytes as they were. */
        private static Path withoutSignatures(Path jar, Path dir) {
            Path copy = dir.resolve(jar.getFileName());
            try {
                Files.copy(jar, copy);
                try (FileSystem zip = FileSystems.newFileSystem(copy)) {
                    for (String name : signatures(jar)) {
                        Files.delete(zip.getPath(name));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return copy;
        }
    }

    /** Writes {@code file}, a bash script that runs {@code patchpin "$@"} as {@link #patchpin} does; gives {@code file}. */
    public static Path shim(Path file) {
        StringBuilder script = new StringBuilder("#!/usr/bin/env bash\nexec");
        for (String word : patchpin(List.of())) {
            script.append(" '").append(word).append('\'');
        }
        script.append(" \"$@\"\n");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, script, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!file.toFile().setExecutable(true)) {
            throw new IllegalStateException("cannot make " + file + " executable");
        }
        return file;
    }
}
