package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.check.Check;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.testkit.ApplyBatch;
import io.patchpin.testkit.Git;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs our checker and C git / GNU patch on the same generated (patch, target)
 * cases and fails on disagreement. Mapping:
 * <ul>
 * <li>{@code git apply --check} succeeds ⇔ verdict EXACT, APPLIES or OFFSET;</li>
 * <li>{@code git apply -R --check} succeeds ⇔ our reverse application succeeds;</li>
 * <li>{@code git apply --3way --check} reports a clean result ⇔ forward applies or our 3-way merge is clean;</li>
 * <li>GNU {@code patch --dry-run -N -F2} succeeds ⇔ our forward application with fuzz 2 succeeds
 * (compared only when our fuzzed hunks stay in order, as GNU patch requires, and when the patch does not
 * reverse-apply: GNU patch with -N then reports "previously applied" and fails before trying fuzz).</li>
 * </ul>
 */
class DifferentialTest {
    static final int CASES = 120;

    @TempDir
    Path tmp;

    record Tally(int cases, Map<String, int[]> agree) {}

    @Test
    void agreesWithGitApplyAndGnuPatch() throws IOException {
        Git.run(tmp, "init", "-q");
        boolean gnuPatch = Files.isExecutable(Path.of("/usr/bin/patch"));
        Map<String, int[]> tally = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        Random rnd = new Random(20260101);
        List<String> realLines = FileLines.split(Files.readString(
                Path.of("src/main/java/io/patchpin/patchset/PatchsetStore.java"), StandardCharsets.UTF_8));
        List<Generated> cases = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            cases.add(Generated.make(rnd, realLines));
        }
        // C git's side in one run per question: case i is c<i>/f.txt, its base blob stored, its target staged
        List<String> bases = new ArrayList<>(List.of("hash-object", "-w"));
        List<String> targets = new ArrayList<>(List.of("add"));
        for (int i = 0; i < CASES; i++) {
            Generated g = cases.get(i);
            ByteArrayOutputStream diff = new ByteArrayOutputStream();
            DiffWriter.write(diff, ApplyBatch.path(i), Optional.of(g.base()), Optional.of(g.patched()), false, false);
            ApplyBatch.write(tmp, i, g.target(), diff.toByteArray());
            Files.write(tmp.resolve("c" + i).resolve("base"), g.base());
            bases.add("c" + i + "/base");
            targets.add(ApplyBatch.path(i));
        }
        Git.run(tmp, bases.toArray(String[]::new));
        Git.run(tmp, targets.toArray(String[]::new));
        List<List<String>> forward = ApplyBatch.check(tmp, CASES);
        List<List<String>> reverse = ApplyBatch.check(tmp, CASES, "-R");
        List<List<String>> threeWay = ApplyBatch.check(tmp, CASES, "--3way");
        List<Boolean> gnu = gnuPatch ? ApplyBatch.gnuPatchApplies(tmp, CASES, "-N", "-F2", "-t") : List.of();
        for (int i = 0; i < CASES; i++) {
            boolean git3 = !ApplyBatch.refused(threeWay.get(i), i)
                    && threeWay.get(i).stream()
                            .noneMatch(l -> l.startsWith("Applied patch to ") && l.contains("with conflicts"));
            runCase(
                    i,
                    cases.get(i),
                    new GitSays(!ApplyBatch.refused(forward.get(i), i), !ApplyBatch.refused(reverse.get(i), i), git3),
                    gnuPatch ? Optional.of(gnu.get(i)) : Optional.empty(),
                    tally,
                    disagreements);
        }
        StringBuilder b = new StringBuilder();
        tally.forEach((k, v) ->
                b.append(k).append(": ").append(v[0]).append('/').append(v[1]).append(" agree\n"));
        System.out.println("differential (" + CASES + " cases):\n" + b);
        assertThat(disagreements).as(b.toString()).isEmpty();
    }

    /** C git's answers for one case: {@code apply --check}, {@code apply -R --check}, {@code apply --3way --check} clean. */
    record GitSays(boolean forward, boolean reverse, boolean threeWay) {}

    private void runCase(
            int i, Generated g, GitSays git, Optional<Boolean> gnuPatch, Map<String, int[]> tally, List<String> out)
            throws IOException {
        Path dir = tmp.resolve("c" + i);
        ByteArrayOutputStream diff = new ByteArrayOutputStream();
        DiffWriter.write(diff, "f.txt", Optional.of(g.base()), Optional.of(g.patched()), false, false);
        Path patch = dir.resolve("p.patch");
        Files.write(patch, diff.toByteArray());

        MemorySource src = new MemorySource().file("f.txt", g.target());
        PatchEntry entry = GoldenPatchTest.entry("p", diff.toByteArray(), Optional.of(g.base()), src);
        PatchSeal seal = entry.seal().orElseThrow();
        entry = new PatchEntry(
                Entry.Common.of(entry.id(), ".", "", List.of()),
                "p.patch",
                "",
                1,
                entry.files(),
                "",
                "",
                0,
                Optional.of(seal));
        Check check = new PatchChecker().check(entry, GoldenPatchTest.input(src, dir));
        Verdict v = check.verdict().verdict();
        ParsedPatch parsed = PatchParser.parse("p", diff.toByteArray()).requireClean();
        PatchPaths paths = new PatchPaths(1, "");
        Map<String, Optional<FileLines>> current = Map.of("f.txt", Optional.of(FileLines.of(g.target())));

        compare(
                tally,
                out,
                i,
                "git apply --check",
                git.forward(),
                EnumSet.of(Verdict.EXACT, Verdict.APPLIES, Verdict.OFFSET).contains(v),
                v);
        boolean ourReverse = PatchRun.run(parsed.reversed(), paths, current, 0).ok();
        compare(tally, out, i, "git apply -R --check", git.reverse(), ourReverse, v);
        PatchCase pc = PatchCase.load(entry, GoldenPatchTest.input(src, dir));
        boolean our3 = PatchRun.run(parsed, paths, current, 0).ok()
                || Merges.merge(pc, GoldenPatchTest.input(src, dir)).isPresent();
        compare(tally, out, i, "git apply --3way --check", git.threeWay(), our3, v);
        if (gnuPatch.isPresent()) {
            PatchRun fuzzy = PatchRun.run(parsed, paths, current, 2);
            if (inOrder(fuzzy) && !ourReverse) {
                boolean gnu = gnuPatch.get();
                compare(tally, out, i, "patch --dry-run -F2", gnu, fuzzy.ok(), v);
            }
        }
    }

    private static boolean inOrder(PatchRun run) {
        int last = -1;
        for (var h : run.hunks()) {
            if (h.failure().isEmpty() && h.applied() < last) {
                return false;
            }
            last = Math.max(last, h.applied());
        }
        return true;
    }

    private static void compare(
            Map<String, int[]> tally, List<String> out, int i, String what, boolean theirs, boolean ours, Verdict v) {
        int[] t = tally.computeIfAbsent(what, k -> new int[2]);
        t[1]++;
        if (theirs == ours) {
            t[0]++;
        } else {
            out.add("case " + i + ": " + what + " says " + theirs + ", we say " + ours + " (verdict " + v + ")");
        }
    }

    /** A base file, the patched file and the upstream target, from seeded line edits of a real file. */
    public record Generated(byte[] base, byte[] patched, byte[] target) {
        public static Generated make(Random rnd, List<String> real) {
            int start = rnd.nextInt(Math.max(1, real.size() - 120));
            List<String> base =
                    new ArrayList<>(real.subList(start, Math.min(real.size(), start + 60 + rnd.nextInt(60))));
            List<String> patched = new ArrayList<>(base);
            List<Integer> spots = new ArrayList<>();
            int edits = 1 + rnd.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int at = rnd.nextInt(patched.size());
                spots.add(at);
                edit(rnd, patched, at, "patch " + e);
            }
            List<String> target = new ArrayList<>(rnd.nextInt(6) == 0 ? patched : base);
            int upstream = rnd.nextInt(4);
            for (int u = 0; u < upstream && !target.isEmpty(); u++) {
                int near = spots.get(rnd.nextInt(spots.size())) + rnd.nextInt(9) - 4;
                int at = rnd.nextBoolean() ? Math.floorMod(near, target.size()) : rnd.nextInt(target.size());
                edit(rnd, target, at, "upstream " + u);
            }
            if (rnd.nextInt(4) == 0) {
                for (int k = 0; k < 1 + rnd.nextInt(30); k++) {
                    target.add(0, "// inserted upstream " + k + "\n");
                }
            }
            return new Generated(join(base), join(patched), join(target));
        }

        private static void edit(Random rnd, List<String> lines, int at, String tag) {
            switch (rnd.nextInt(3)) {
                case 0 -> lines.set(at, "    // " + tag + " changed\n");
                case 1 -> lines.add(at, "    // " + tag + " added\n");
                default -> {
                    if (lines.size() > 5) {
                        lines.remove(at);
                    }
                }
            }
        }

        private static byte[] join(List<String> lines) {
            return String.join("", lines).getBytes(StandardCharsets.UTF_8);
        }
    }
}
