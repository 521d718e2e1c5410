package io.patchpin.testkit;

import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fixture work tree and a patchset {@code p} of three rewrites: {@code version}
 * on the superproject, {@code anchor} and {@code one} on perfetto's BUILD.gn.
 * After the seal, perfetto is bumped N times: a third of the way the lines
 * around the anchor change (DRIFTED), two thirds of the way the anchor goes
 * (ANCHOR_MISSING).
 *
 * @param ex    the work tree
 * @param drift the superproject commit where the anchor's context changed
 * @param gone  the superproject commit where the anchor went
 */
public record DriftingAnchor(WorkTree ex, String repo, String set, String drift, String gone) {
    /** perfetto's file the anchor is in. */
    public static final String FILE = "BUILD.gn";

    /** Builds it under {@code tmp} with {@code commits} perfetto bumps after the set is sealed. */
    public static DriftingAnchor create(Path tmp, int commits) {
        WorkTree ex = TheRockFixture.create(tmp).workTree("therock");
        ex.change(PERFETTO, "perfetto anchor", Map.of(FILE, text(0, false, true)));
        String repo = ex.dir().toString();
        String set = tmp.resolve("patchsets/p").toString();
        ok("new", set, "--repo", repo);
        Entries.rewrite(set, repo, COMPILER_CMAKE, "Version configuration", "Version settings", "--id", "version");
        Entries.rewrite(set, repo, FILE, "# anchor", "# anchor ok", "--id", "anchor", "--component", PERFETTO);
        Entries.rewrite(set, repo, FILE, "# one", "# one ok", "--id", "one", "--component", PERFETTO);
        String drift = null;
        String gone = null;
        for (int i = 1; i <= commits; i++) {
            boolean drifted = i >= commits / 3;
            boolean anchor = i < 2 * commits / 3;
            String c = ex.change(PERFETTO, "perfetto " + i, Map.of(FILE, text(i, drifted, anchor)));
            drift = i == commits / 3 ? c : drift;
            gone = i == 2 * commits / 3 ? c : gone;
        }
        return new DriftingAnchor(ex, repo, set, drift, gone);
    }

    private static String text(int i, boolean drifted, boolean anchor) {
        return "group(\"perfetto\") {\n}\n# perfetto " + (50 + i) + "\n# one\n# two\n# three\n# four\n# five\n"
                + (drifted ? "# six changed\n" : "# six\n") + (anchor ? "# anchor\n" : "") + "# end\n";
    }

    /** {@code patchpin history SET --repo REPO} and {@code more} options, whatever the exit. */
    public Cli.Run history(Object... more) {
        List<Object> args = new ArrayList<>(List.of("history", set, "--repo", repo));
        args.addAll(List.of(more));
        return Cli.run(args.toArray());
    }
}
