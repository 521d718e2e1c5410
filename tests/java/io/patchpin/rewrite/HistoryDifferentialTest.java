package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Verdict;
import io.patchpin.core.Settings;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.testkit.ApplyBatch;
import io.patchpin.testkit.Diffs;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rewrite and insert verdicts against C git on a generated history. Each case
 * seals one single-line edit on a window of a real source file, then moves
 * "upstream" the way real histories do: the edit taken, taken and modified
 * later, the lines around it changed, the file shifted by 500 lines, and
 * look-alikes (the edited line elsewhere with the anchor gone, the anchor
 * repeated, an inserted line that already occurs elsewhere). The truth is C
 * git on the equivalent one-line patch with our context radius (-U2):
 * {@code git apply --check} says the edit can be made, {@code git apply -R
 * -C1 --check} says it is there (its outer context may have changed). A false
 * ok is EXACT/APPLIES where the patch does not apply, or ALREADY_APPLIED where
 * it does not reverse-apply.
 */
class HistoryDifferentialTest {
    static final int CASES = 400;
    static final int RADIUS = Context.RADIUS;

    @TempDir
    Path tmp;

    /** What C git says of the one-line patch on the upstream file. */
    enum Truth {
        APPLIES,
        THERE,
        BOTH,
        NEITHER
    }

    record Case(Entry entry, byte[] base, byte[] edited, byte[] upstream, String story, int editedLine) {}

    /** With the base known the sealed lines are followed through the file's diff; without it, evidence of place alone. */
    @ParameterizedTest(name = "base known: {0}")
    @ValueSource(booleans = {false, true})
    void noFalseOkOnAGeneratedHistory(boolean withBase) throws IOException {
        Git.run(tmp, "init", "-q");
        List<String> real =
                lines(Files.readString(Path.of("tests/resources/history/source.txt"), StandardCharsets.UTF_8));
        Random rnd = new Random(20261123);
        List<Case> cases = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; cases.size() < CASES && i < CASES * 5; i++) {
            Optional<Case> c = generate(rnd, real, i);
            if (c.isPresent()) {
                ApplyBatch.write(
                        tmp,
                        cases.size(),
                        c.get().upstream(),
                        Diffs.onePatch(
                                        ApplyBatch.path(cases.size()),
                                        lines(str(c.get().base())),
                                        lines(str(c.get().edited())),
                                        RADIUS)
                                .getBytes(StandardCharsets.UTF_8));
                cases.add(c.get());
                numbers.add(i);
            }
        }
        int made = cases.size();
        List<List<String>> forwards = ApplyBatch.check(tmp, made);
        List<List<String>> reverses = ApplyBatch.check(tmp, made, "-R", "-C1");
        Map<Truth, Map<Verdict, Integer>> table = new EnumMap<>(Truth.class);
        List<String> falseOk = new ArrayList<>();
        for (int k = 0; k < made; k++) {
            Case c = cases.get(k);
            int i = numbers.get(k);
            Truth truth = truth(!ApplyBatch.refused(forwards.get(k), k), !ApplyBatch.refused(reverses.get(k), k));
            Verdict v = verdict(c, withBase);
            table.computeIfAbsent(truth, t -> new EnumMap<>(Verdict.class)).merge(v, 1, Integer::sum);
            boolean forward = truth == Truth.APPLIES || truth == Truth.BOTH;
            // with the base known, an edit whose line the file's diff keeps is there too, whatever its neighbours
            // became
            boolean there = truth == Truth.THERE || truth == Truth.BOTH || withBase && atMappedPlace(c);
            if ((v == Verdict.EXACT || v == Verdict.APPLIES) && !forward || v == Verdict.ALREADY_APPLIED && !there) {
                falseOk.add("case " + i + " (" + c.story() + "): " + v + " but git says " + truth);
                if (System.getenv("HISTORY_DUMP") != null) {
                    Files.write(Path.of(System.getenv("HISTORY_DUMP")).resolve("case" + i + ".upstream"), c.upstream());
                    Files.copy(
                            ApplyBatch.patch(tmp, k),
                            Path.of(System.getenv("HISTORY_DUMP")).resolve("case" + i + ".patch"),
                            StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        String rendered = render(table, made);
        System.out.println(rendered);
        assertThat(made).isEqualTo(CASES);
        assertThat(falseOk).as(rendered).isEmpty();
        // the honest side: most edits git finds in place are recognised as such
        int there = table.getOrDefault(Truth.THERE, Map.of()).values().stream()
                .mapToInt(Integer::intValue)
                .sum();
        int found = table.getOrDefault(Truth.THERE, Map.of()).getOrDefault(Verdict.ALREADY_APPLIED, 0);
        assertThat(found).as(rendered).isGreaterThan(there * 3 / 4);
    }

    /**
     * The place truth: the edited line, followed through a Myers line diff (java-diff-utils, not the
     * histogram diff patchpin uses) from the edited base to upstream, lands on a line kept by the diff.
     */
    static boolean atMappedPlace(Case c) {
        List<String> a = lines(str(c.edited()));
        List<String> b = lines(str(c.upstream()));
        for (AbstractDelta<String> d : DiffUtils.diff(a, b).getDeltas()) {
            int from = d.getSource().getPosition();
            if (c.editedLine() >= from
                    && c.editedLine() < from + Math.max(1, d.getSource().size())
                    && d.getSource().size() > 0) {
                return false;
            }
        }
        return true;
    }

    static String render(Map<Truth, Map<Verdict, Integer>> table, int cases) {
        StringBuilder b = new StringBuilder("rewrite/insert verdicts vs git apply (" + cases + " cases)\n");
        b.append(String.format("%-8s", "truth"));
        List<Verdict> cols = List.of(
                Verdict.EXACT,
                Verdict.APPLIES,
                Verdict.ALREADY_APPLIED,
                Verdict.DRIFTED,
                Verdict.AMBIGUOUS,
                Verdict.ANCHOR_MISSING);
        cols.forEach(v -> b.append(String.format(" %15s", v)));
        b.append('\n');
        for (Truth t : Truth.values()) {
            b.append(String.format("%-8s", t));
            Map<Verdict, Integer> row = table.getOrDefault(t, Map.of());
            cols.forEach(v -> b.append(String.format(" %15d", row.getOrDefault(v, 0))));
            b.append('\n');
        }
        return b.toString();
    }

    /**
     * C git's word on a case: {@code git apply --check} on the upstream file ({@code forward}) and
     * {@code git apply -R -C1 --check} ({@code reverse}), all cases checked in one git run each.
     */
    private static Truth truth(boolean forward, boolean reverse) {
        return forward && reverse ? Truth.BOTH : forward ? Truth.APPLIES : reverse ? Truth.THERE : Truth.NEITHER;
    }

    private static Verdict verdict(Case c, boolean withBase) {
        EntryInput in = new EntryInput(
                Map.of("f.txt", new FileLookup.Found(c.upstream(), null)),
                new NoFiles("generated history"),
                Patchset.empty("history", Optional.of("0".repeat(40))),
                Path.of("."));
        in = withBase ? in.withBase(Map.of("f.txt", c.base())) : in;
        Check check = c.entry() instanceof RewriteEntry r
                ? new RewriteChecker().check(r, in)
                : new InsertChecker().check((InsertEntry) c.entry(), in);
        return check.verdict().verdict();
    }

    /** One generated case, or empty when the drawn edit cannot be sealed (say its anchor is not unique). */
    static Optional<Case> generate(Random rnd, List<String> real, int i) {
        int start = rnd.nextInt(real.size() - 90);
        List<String> base = new ArrayList<>(real.subList(start, start + 60 + rnd.nextInt(30)));
        // git anchors a hunk that starts at line 1 to the file's start even when its context is complete; a
        // rewrite is about its context lines only, so edits stay off the line where the two notions differ
        int spot = RADIUS + 1 + rnd.nextInt(base.size() - 2 * RADIUS - 1);
        Optional<String> token = uniqueToken(base, spot);
        if (token.isEmpty()) {
            return Optional.empty();
        }
        boolean insert = rnd.nextBoolean();
        Entry unsealed;
        if (insert) {
            // half of the inserted lines already occur elsewhere in the file (like another "endif()")
            String text = rnd.nextBoolean() ? common(base, rnd) : "        // entry " + i + " inserted";
            unsealed = Unsealed.insert("e" + i, ".", "f.txt", token.get(), text);
        } else {
            unsealed = Unsealed.rewrite("e" + i, ".", "f.txt", token.get(), token.get() + "Two");
        }
        byte[] baseBytes = bytes(base);
        if (!(EntryKind.of(unsealed).seal(baseBytes, Settings.DEFAULT) instanceof Sealer.Sealed s)) {
            return Optional.empty();
        }
        List<String> edited = lines(str(s.after()));
        StringBuilder story = new StringBuilder(insert ? "insert" : "rewrite");
        List<String> up = upstream(rnd, base, edited, spot, insert, token.get(), story);
        return Optional.of(
                new Case(s.entry(), baseBytes, s.after(), bytes(up), story.toString(), insert ? spot + 1 : spot));
    }

    /** Upstream's file: from the base or the edited file, then some of what real histories do. */
    static List<String> upstream(
            Random rnd,
            List<String> base,
            List<String> edited,
            int spot,
            boolean insert,
            String token,
            StringBuilder story) {
        int editedLine = insert ? spot + 1 : spot;
        String editedText = edited.get(editedLine);
        String originalText = base.get(spot);
        int from = rnd.nextInt(10);
        List<String> up;
        if (from < 4) {
            up = new ArrayList<>(base);
            story.append(", from base");
        } else if (from < 8) {
            up = new ArrayList<>(edited);
            story.append(", taken upstream");
        } else {
            up = new ArrayList<>(edited);
            up.set(editedLine, editedText.replace("\n", "") + " // modified later\n");
            story.append(", taken then modified");
        }
        if (rnd.nextInt(10) < 3) {
            int d = 1 + rnd.nextInt(RADIUS + 2);
            int at = Math.floorMod(spot + (rnd.nextBoolean() ? -d : d + 1), up.size());
            up.set(at, "    // upstream changed this line\n");
            story.append(", line ").append(at - spot).append(" from the spot changed");
        }
        if (rnd.nextInt(10) < 3) {
            int far = farFrom(rnd, up.size(), spot);
            up.add(far, editedText);
            story.append(", edited line copied to ").append(far);
            if (rnd.nextBoolean()) {
                replaceToken(up, token, token + "U");
                story.append(", anchor changed");
            }
        }
        if (rnd.nextInt(10) < 2) {
            int far = farFrom(rnd, up.size(), spot);
            up.add(far, originalText);
            story.append(", anchor line repeated at ").append(far);
        }
        if (rnd.nextInt(10) < 3) {
            List<String> filler = new ArrayList<>();
            for (int k = 0; k < 500; k++) {
                filler.add("# filler " + k + "\n");
            }
            up.addAll(rnd.nextBoolean() ? 0 : Math.max(0, spot - 10), filler);
            story.append(", moved by 500 lines");
        }
        if (rnd.nextInt(20) == 0) {
            up.remove(Math.min(up.size() - 1, editedLine));
            story.append(", spot deleted");
        }
        return up;
    }

    private static int farFrom(Random rnd, int size, int spot) {
        for (int k = 0; k < 20; k++) {
            int at = rnd.nextInt(size);
            if (Math.abs(at - spot) > 2 * RADIUS + 2) {
                return at;
            }
        }
        return 0;
    }

    private static void replaceToken(List<String> lines, String token, String with) {
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).contains(token) && !lines.get(k).contains(with)) {
                lines.set(k, lines.get(k).replace(token, with));
            }
        }
    }

    /** A word of the line (4+ characters) that occurs nowhere else in the file. */
    static Optional<String> uniqueToken(List<String> lines, int at) {
        String all = String.join("", lines);
        for (String w : lines.get(at).split("[^A-Za-z0-9_]+")) {
            if (w.length() >= 4 && all.indexOf(w) == all.lastIndexOf(w) && !w.endsWith("Two")) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }

    /** A line that occurs at least twice in the file (a look-alike for an inserted line). */
    static String common(List<String> lines, Random rnd) {
        List<String> seen = new ArrayList<>();
        for (String l : lines) {
            if (!l.isBlank() && lines.indexOf(l) != lines.lastIndexOf(l) && !seen.contains(l)) {
                seen.add(l);
            }
        }
        return seen.isEmpty() ? "    }" : seen.get(rnd.nextInt(seen.size())).replace("\n", "");
    }

    static List<String> lines(String s) {
        List<String> out = new ArrayList<>();
        int at = 0;
        for (int nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', at)) {
            out.add(s.substring(at, nl + 1));
            at = nl + 1;
        }
        if (at < s.length()) {
            out.add(s.substring(at) + "\n");
        }
        return out;
    }

    private static byte[] bytes(List<String> lines) {
        return String.join("", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
