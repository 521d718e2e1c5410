package io.patchpin.cli;

import io.patchpin.core.ExitCode;
import io.patchpin.demo.ExampleWorkspace;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The short runs bin/patchpin records its start-up cache from, on a tiny
 * generated workspace: {@code setup DIR} writes the workspace and a patchset
 * (in a JVM of its own, so that writing repositories is not recorded), then
 * {@code run DIR} runs version, help, verify, lock, apply, audit and revert
 * in one JVM, then an audit that finds an unrecorded edit. What those load is what short runs need; the demo loads far
 * more, and a JVM maps all of a cache at every start.
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !List.of("setup", "run").contains(args[0])) {
            System.err.println("usage: StartupTraining setup|run DIR");
            System.exit(2);
        }
        Path root = Path.of(args[1]);
        int failures = args[0].equals("setup") ? setup(root) : run(root);
        System.exit(failures == 0 ? 0 : 1);
    }

    private static int setup(Path root) throws IOException {
        try (ExampleWorkspace ex = ExampleWorkspace.create(root)) {
            Files.writeString(root.resolve("llvm-jobs.patch"), DemoStory.llvmJobsPatch(), StandardCharsets.UTF_8);
        }
        int failures = 0;
        for (DemoStep step : DemoStory.before(root)) {
            failures += step.expected().contains(cli(step.args())) ? 0 : 1;
        }
        return failures;
    }

    private static int run(Path root) throws IOException {
        String ws = root.resolve("TheRock").toString();
        String set = root.resolve("patchsets/gfx1103").toString();
        List<List<String>> runs = List.of(
                List.of("--version"),
                List.of("verify", "--help"),
                List.of("verify", set, "--repo", ws, "--rev", "HEAD"),
                List.of("lock", "--repo", ws),
                List.of("apply", set, "--repo", ws),
                List.of("verify", set, "--repo", ws),
                List.of("audit", set, "--repo", ws),
                List.of("revert", set, "--repo", ws));
        int failures = 0;
        for (List<String> r : runs) {
            int code = cli(r);
            failures += code == 0 ? 0 : 1;
        }
        return failures + auditWithAnEdit(root.resolve("TheRock"), set);
    }

    /** An audit that finds an edit no entry explains, so that the diff its report shows is recorded too. */
    private static int auditWithAnEdit(Path ws, String set) throws IOException {
        Files.writeString(ws.resolve("README.md"), "an unrecorded line\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        return cli(List.of("audit", set, "--repo", ws.toString())) == ExitCode.BROKEN.code() ? 0 : 1;
    }

    private static int cli(List<String> args) {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        return Main.run(quiet, quiet, args.toArray(String[]::new));
    }
}
