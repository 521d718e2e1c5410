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
     * options (e.g. {@code "--id", "nvptx"}, {@code "--component", LLVM}); set, repo and options are given as their
     * {@code toString()}, so a path needs no conversion.
     */
    public static Cli.Run rewrite(Object set, Object repo, String file, String find, String replace, Object... more) {
        return tryRewrite(set, repo, file, find, replace, more).assertOk();
    }

    /** As {@link #rewrite}, whatever the exit. */
    public static Cli.Run tryRewrite(
            Object set, Object repo, String file, String find, String replace, Object... more) {
        List<Object> options = new ArrayList<>(List.of("--file", file, "--find", find, "--replace", replace));
        options.addAll(List.of(more));
        return Cli.run(args("rewrite", set, repo, options.toArray()));
    }

    /** {@code patchpin add KIND SET --repo REPO} and {@code options} (e.g. a patch's file and {@code --component}). */
    public static Cli.Run add(String kind, Object set, Object repo, Object... options) {
        return Cli.ok(args(kind, set, repo, options));
    }

    private static Object[] args(String kind, Object set, Object repo, Object... options) {
        List<Object> args = new ArrayList<>(List.of("add", kind, set, "--repo", repo));
        args.addAll(List.of(options));
        return args.toArray();
    }

    /** The rewrite {@code nvptx} on a {@link TheRockFixture} tree: "AMDGPU;X86" to "AMDGPU;X86;NVPTX" in the LLVM hook. */
    public static Cli.Run nvptx(Object set, Object repo) {
        return rewrite(set, repo, PRE_HOOK, "AMDGPU;X86", "AMDGPU;X86;NVPTX", "--id", "nvptx");
    }

    /**
     * A rewrite of the fixture's LLVM found by {@code _JOBS ""} (its compile and link jobs) to {@code _JOBS "8"},
     * and {@code more} options.
     */
    public static Cli.Run llvmJobs(Object set, Object repo, Object... more) {
        List<Object> options = new ArrayList<>(List.of("--component", LLVM));
        options.addAll(List.of(more));
        return rewrite(set, repo, LLVM_OPTIONS, "_JOBS \"\"", "_JOBS \"8\"", options.toArray());
    }

    /** The rewrite {@code jobs} on the fixture's LLVM: its parallel compile jobs from "" to "8". */
    public static Cli.Run jobs(Object set, Object repo) {
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
    public static Cli.Run gn(Object set, Object repo) {
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
