package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * JVMs that tests start on this build's classes, where a real JVM is what is checked (a template's command line
 * run by bash, a heap that runs out). They take the test JVMs' own start-up options: the serial collector, C1 only,
 * no perf-data file and no bytecode verification of the class path (about a sixth of such a JVM's CPU); and
 * bin/patchpin's 16 MB young generation (without it a third more pages touched, a tenth more CPU).
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
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.patchpin.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
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
