package io.patchpin.testkit;

import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;

import java.util.ArrayList;
import java.util.List;

/**
 * Authors entries through the CLI, one short call an entry. {@link #rewrite} and {@link #add} must succeed (see
 * {@link Cli#ok}); {@link #tryRewrite} gives the run as it came, for a refusal to judge.
 */
public final class Entries {
    private Entries() {}

    /**
     * {@code patchpin add rewrite SET --repo REPO --file FILE --find FIND --replace REPLACE} and {@code more}
     * options (e.g. {@code "--id", "nvptx"}, {@code "--component", LLVM}).
     */
    public static Cli.Run rewrite(String set, String repo, String file, String find, String replace, String... more) {
        return tryRewrite(set, repo, file, find, replace, more).assertOk();
    }

    /** As {@link #rewrite}, whatever the exit. */
    public static Cli.Run tryRewrite(
            String set, String repo, String file, String find, String replace, String... more) {
        List<String> options = new ArrayList<>(List.of("--file", file, "--find", find, "--replace", replace));
        options.addAll(List.of(more));
        return Cli.run(args("rewrite", set, repo, options.toArray(String[]::new)));
    }

    /** {@code patchpin add KIND SET --repo REPO} and {@code options} (e.g. a patch's file and {@code --component}). */
    public static Cli.Run add(String kind, String set, String repo, String... options) {
        return Cli.ok(args(kind, set, repo, options));
    }

    private static String[] args(String kind, String set, String repo, String... options) {
        List<String> args = new ArrayList<>(List.of("add", kind, set, "--repo", repo));
        args.addAll(List.of(options));
        return args.toArray(String[]::new);
    }

    /** The rewrite {@code nvptx} on a {@link TheRockFixture} tree: "AMDGPU;X86" to "AMDGPU;X86;NVPTX" in the LLVM hook. */
    public static Cli.Run nvptx(String set, String repo) {
        return rewrite(set, repo, PRE_HOOK, "AMDGPU;X86", "AMDGPU;X86;NVPTX", "--id", "nvptx");
    }

    /** The rewrite {@code jobs} on the fixture's LLVM: its parallel compile jobs from "" to "8". */
    public static Cli.Run jobs(String set, String repo) {
        return rewrite(
                set,
                repo,
                LLVM_OPTIONS,
                "COMPILE_JOBS \"\"",
                "COMPILE_JOBS \"8\"",
                "--id",
                "jobs",
                "--component",
                LLVM);
    }

    /** The insert {@code gn} on the fixture's perfetto: "  # ours" after the line with "group" in BUILD.gn. */
    public static Cli.Run gn(String set, String repo) {
        return add(
                "insert",
                set,
                repo,
                "--component",
                PERFETTO,
                "--file",
                "BUILD.gn",
                "--after",
                "group",
                "--text",
                "  # ours",
                "--id",
                "gn");
    }
}
