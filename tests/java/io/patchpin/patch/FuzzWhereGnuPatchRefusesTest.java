package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.testkit.ApplyBatch;
import io.patchpin.testkit.Diffs;
import io.patchpin.testkit.Git;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The defect "FUZZ where GNU patch refuses": a hunk tied to the file's start
 * or end (less context on that side) was fuzzed away from it. Differential on
 * a generated history of a real source file: one-hunk patches with git's
 * three context lines, near the file's start, end and middle, against files
 * whose context lines, start and end upstream changed. patchpin with fuzz 2
 * must agree with {@code patch --dry-run -F2} on every case, and without
 * fuzz with {@code git apply --check}.
 */
class FuzzWhereGnuPatchRefusesTest {
    static final int CASES = Integer.getInteger("fuzz.cases", 300);
    static final int CONTEXT = 3;

    @TempDir
    Path tmp;

    record Case(byte[] upstream, byte[] patch, String story) {}

    @Test
    void fuzzAgreesWithGnuPatchAndExactWithGitApply() throws IOException {
        assumeTrue(onPath("patch"), "GNU patch is not installed");
        Git.run(tmp, "init", "-q");
        List<String> real = FileLines.split(
                Files.readString(Path.of("tests/resources/history/source.txt"), StandardCharsets.UTF_8));
        Random rnd = new Random(20261126);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            Case c = generate(rnd, real, i);
            ApplyBatch.write(tmp, i, c.upstream(), c.patch());
            cases.add(c);
        }
        List<List<String>> git = ApplyBatch.check(tmp, CASES);
        List<Boolean> gnuSays = ApplyBatch.gnuPatchApplies(tmp, CASES, "-F2", "-f");
        List<String> disagree = new ArrayList<>();
        int fuzzed = 0;
        int refusedByGnu = 0;
        for (int i = 0; i < CASES; i++) {
            Case c = cases.get(i);
            ParsedPatch p = PatchParser.parse("c" + i + ".patch", c.patch());
            String path = ApplyBatch.path(i);
            Map<String, Optional<FileLines>> now = Map.of(path, Optional.of(FileLines.of(c.upstream())));
            PatchPaths paths = new PatchPaths(1, "");
            boolean exact = PatchRun.run(p, paths, now, 0).ok();
            PatchRun fuzzy = PatchRun.run(p, paths, now, PatchChecker.MAX_FUZZ);
            boolean gnu = gnuSays.get(i);
            boolean gitApplies = !ApplyBatch.refused(git.get(i), i);
            fuzzed += fuzzy.ok() && !exact ? 1 : 0;
            refusedByGnu += gnu ? 0 : 1;
            if (fuzzy.ok() != gnu && System.getenv("FUZZ_DUMP") != null) {
                Files.copy(
                        tmp.resolve(path),
                        Path.of(System.getenv("FUZZ_DUMP"), "case" + i + ".txt"),
                        StandardCopyOption.REPLACE_EXISTING);
                Files.copy(
                        ApplyBatch.patch(tmp, i),
                        Path.of(System.getenv("FUZZ_DUMP"), "case" + i + ".patch"),
                        StandardCopyOption.REPLACE_EXISTING);
            }
            if (fuzzy.ok() != gnu) {
                disagree.add("case " + i + " (" + c.story() + "): fuzz 2 " + (fuzzy.ok() ? "applies" : "fails")
                        + ", GNU patch " + (gnu ? "applies" : "refuses"));
            }
            if (exact != gitApplies) {
                disagree.add("case " + i + " (" + c.story() + "): exact " + exact + ", git apply " + gitApplies);
            }
        }
        String summary =
                CASES + " cases: " + fuzzed + " apply only with fuzz, " + refusedByGnu + " refused by GNU patch";
        System.out.println("fuzz differential: " + summary + ", " + disagree.size() + " disagreements");
        assertThat(disagree).as(summary).isEmpty();
        assertThat(fuzzed).as(summary).isGreaterThan(CASES / 20);
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** One case: an edit of one line near the start, the end or the middle; upstream changes around it. */
    static Case generate(Random rnd, List<String> real, int i) {
        int start = rnd.nextInt(real.size() - 60);
        List<String> base = new ArrayList<>(real.subList(start, start + 12 + rnd.nextInt(40)));
        int where = rnd.nextInt(3);
        int spot = where == 0
                ? rnd.nextInt(3)
                : where == 1 ? base.size() - 1 - rnd.nextInt(3) : 4 + rnd.nextInt(base.size() - 8);
        List<String> edited = new ArrayList<>(base);
        int kind = rnd.nextInt(3);
        if (kind == 0) {
            edited.set(spot, "    edited " + i + ";\n");
        } else if (kind == 1) {
            edited.add(spot + 1, "    added " + i + ";\n");
        } else {
            edited.remove(spot);
        }
        StringBuilder story =
                new StringBuilder(List.of("start", "end", "middle").get(where) + ", "
                        + List.of("changed", "added after", "removed").get(kind) + " line " + (spot + 1) + " of "
                        + base.size());
        List<String> up = new ArrayList<>(base);
        int changes = rnd.nextInt(3);
        for (int k = 0; k < changes; k++) {
            int d = 1 + rnd.nextInt(CONTEXT);
            int at = spot + (rnd.nextBoolean() ? -d : d);
            if (at >= 0 && at < up.size() && at != spot) {
                up.set(at, "    // upstream " + k + "\n");
                story.append(", line ").append(at + 1).append(" changed");
            }
        }
        if (rnd.nextInt(3) == 0) {
            int n = 1 + rnd.nextInt(6);
            for (int k = 0; k < n; k++) {
                up.add(0, "# header " + k + "\n");
            }
            story.append(", ").append(n).append(" lines added at the start");
        }
        if (rnd.nextInt(3) == 0) {
            int n = 1 + rnd.nextInt(6);
            for (int k = 0; k < n; k++) {
                up.add("# footer " + k + "\n");
            }
            story.append(", ").append(n).append(" lines added at the end");
        }
        String patch = Diffs.onePatch(ApplyBatch.path(i), base, edited, CONTEXT);
        return new Case(
                String.join("", up).getBytes(StandardCharsets.UTF_8),
                patch.getBytes(StandardCharsets.UTF_8),
                story.toString());
    }
}
