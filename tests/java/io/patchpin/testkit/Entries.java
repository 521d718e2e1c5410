package io.patchpin.testkit;

import java.util.ArrayList;
import java.util.List;

/** Authors entries through the CLI, one short call an entry; each run must succeed (see {@link Cli#ok}). */
public final class Entries {
    private Entries() {}

    /**
     * {@code patchpin add rewrite SET --repo REPO --file FILE --find FIND --replace REPLACE --id ID} and {@code more}
     * options (e.g. {@code "--component", LLVM}).
     */
    public static Cli.Run rewrite(
            String set, String repo, String file, String find, String replace, String id, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "add",
                "rewrite",
                set,
                "--repo",
                repo,
                "--file",
                file,
                "--find",
                find,
                "--replace",
                replace,
                "--id",
                id));
        args.addAll(List.of(more));
        return Cli.ok(args.toArray(String[]::new));
    }
}
