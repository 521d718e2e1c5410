import io.patchpin.cli.Main;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scores rewrite and insert verdicts on a real history (see held-out.sh).
 * Every first-parent commit that changes one line of one file becomes a
 * rewrite (find = the old line, whole, when unique; replace = the new line);
 * every one that adds one line becomes an insert (after the line above it,
 * whole, when unique). Each entry is sealed at the commit's parent and
 * verified 10, 100 and 1,000 first-parent commits before and after it. Two
 * truths per check, both from C git: the commit's own hunk (two context lines, as
 * the entry's seal) under
 * {@code git apply --check} (the edit can be made) and {@code git apply -R
 * --check} (it is there); and the place: the edited line followed through
 * {@code git diff} from the commit to the revision (there), else the old
 * line, or the insert's anchor, followed from the parent (to be made).
 * Prints one line per check (TSV) to OUT and the confusion matrices to stdout.
 *
 * <p>Usage: java -cp target/patchpin.jar:CLASSES HeldOutScore REPO BRANCH MAX_CASES WORKDIR
 */
public final class HeldOutScore {
    private static final int[] DISTANCES = {-1000, -100, -10, 10, 100, 1000};
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path repo;
    private final Path work;

    private HeldOutScore(Path repo, Path work) {
        this.repo = repo;
        this.work = work;
    }

    record Case(String kind, String parent, String commit, String file, int line, String find, String replace) {
    }

    enum Truth {
        APPLIES, THERE, BOTH, NEITHER, GONE
    }

    enum Place {
        TO_MAKE, THERE, NEITHER, GONE
    }

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args[0]).toAbsolutePath();
        String branch = args[1];
        int max = Integer.parseInt(args[2]);
        Path work = Path.of(args[3]).toAbsolutePath();
        Files.createDirectories(work);
        new HeldOutScore(repo, work).run(branch, max);
    }

    private void run(String branch, int max) throws IOException {
        List<String> commits = git("rev-list", "--first-parent", "--reverse", branch).lines().toList();
        List<Integer> indexes = new ArrayList<>();
        List<Case> cases = new ArrayList<>();
        for (int i = 1; i < commits.size() - 10; i++) {
            oneLine(commits.get(i - 1), commits.get(i)).ifPresent(c -> cases.add(c));
            while (indexes.size() < cases.size()) {
                indexes.add(i - 1);
            }
        }
        int step = Math.max(1, cases.size() / Math.max(1, max));
        Map<String, Map<String, Integer>> gitTable = new TreeMap<>();
        Map<String, Map<String, Integer>> placeTable = new TreeMap<>();
        int[] counts = new int[8]; // checks, falseOkGit, falseOkPlace, falseBrokenGit, falseBrokenPlace, lenientGit, lenientPlace, falseOkBoth
        StringBuilder tsv = new StringBuilder("case\tkind\tfile\tdistance\trev\tverdict\tgit\tplace\tdetail\n");
        int made = 0;
        for (int k = 0; k < cases.size() && made < max; k += step) {
            Case c = cases.get(k);
            int at = indexes.get(k);
            // named by the commit, so that a later run reuses a set only for its own case
            Path set = work.resolve("sets/" + c.commit().substring(0, 12) + "-" + c.kind());
            if (!seal(c, set)) {
                continue;
            }
            made++;
            for (int d : DISTANCES) {
                int r = at + (d > 0 ? d + 1 : d);
                if (r < 0 || r >= commits.size()) {
                    continue;
                }
                String rev = commits.get(r);
                JsonNode entry = verify(set, rev);
                String verdict = entry.path("verdict").asText();
                Truth git = gitTruth(c, rev);
                Place place = placeTruth(c, rev);
                tsv.append(c.commit(), 0, 12).append('\t').append(c.kind()).append('\t').append(c.file()).append('\t').append(d).append('\t')
                        .append(rev, 0, 12).append('\t').append(verdict).append('\t').append(git).append('\t').append(place)
                        .append('\t').append(entry.path("detail").asText().replace('\t', ' ')).append('\n');
                gitTable.computeIfAbsent(git.name(), x -> new TreeMap<>()).merge(verdict, 1, Integer::sum);
                placeTable.computeIfAbsent(place.name(), x -> new TreeMap<>()).merge(verdict, 1, Integer::sum);
                score(verdict, git, place, counts);
            }
        }
        Files.writeString(work.resolve("checks.tsv"), tsv.toString(), StandardCharsets.UTF_8);
        System.out.println(made + " cases (" + cases.size() + " one-line commits found), " + counts[0] + " checks");
        print("git apply --check / -R --check of the commit's hunk", gitTable);
        print("the place (git diff from the commit / its parent to the revision)", placeTable);
        System.out.printf("false ok: git %d, place %d, both %d; false broken: git %d, place %d%n", counts[1], counts[2], counts[7],
                counts[3], counts[4]);
        System.out.printf("lenient agreement: git %.2f%%, place %.2f%%%n", 100.0 * counts[5] / counts[0], 100.0 * counts[6] / counts[0]);
    }

    private static void score(String verdict, Truth git, Place place, int[] counts) {
        boolean okApply = List.of("EXACT", "APPLIES", "OFFSET").contains(verdict);
        boolean okThere = verdict.equals("ALREADY_APPLIED");
        boolean broken = !okApply && !okThere && !List.of("DRIFTED", "FUZZ", "MERGEABLE").contains(verdict);
        boolean forward = git == Truth.APPLIES || git == Truth.BOTH;
        boolean reverse = git == Truth.THERE || git == Truth.BOTH;
        boolean falseOkGit = okApply && !forward || okThere && !reverse;
        boolean falseOkPlace = okApply && place != Place.TO_MAKE || okThere && place != Place.THERE;
        boolean falseBrokenGit = broken && (forward || reverse);
        boolean falseBrokenPlace = broken && (place == Place.TO_MAKE || place == Place.THERE);
        counts[0]++;
        counts[1] += falseOkGit ? 1 : 0;
        counts[2] += falseOkPlace ? 1 : 0;
        counts[3] += falseBrokenGit ? 1 : 0;
        counts[4] += falseBrokenPlace ? 1 : 0;
        counts[5] += falseOkGit || falseBrokenGit ? 0 : 1;
        counts[6] += falseOkPlace || falseBrokenPlace ? 0 : 1;
        counts[7] += falseOkGit && falseOkPlace ? 1 : 0;
    }

    private static void print(String title, Map<String, Map<String, Integer>> table) {
        System.out.println("truth: " + title);
        List<String> cols = List.of("EXACT", "APPLIES", "ALREADY_APPLIED", "DRIFTED", "AMBIGUOUS", "ANCHOR_MISSING", "FILE_MISSING");
        StringBuilder b = new StringBuilder(String.format("  %-8s", ""));
        cols.forEach(c -> b.append(String.format(" %15s", c)));
        System.out.println(b + "  other");
        table.forEach((truth, row) -> {
            StringBuilder r = new StringBuilder(String.format("  %-8s", truth));
            cols.forEach(c -> r.append(String.format(" %15d", row.getOrDefault(c, 0))));
            int other = row.entrySet().stream().filter(e -> !cols.contains(e.getKey())).mapToInt(Map.Entry::getValue).sum();
            System.out.println(r + "  " + other);
        });
    }

    /** The case a one-line commit makes, when it is one: one file, one line changed or added, a unique find or anchor. */
    private java.util.Optional<Case> oneLine(String parent, String commit) {
        String numstat = git("diff", "--numstat", "--no-renames", parent, commit);
        List<String> rows = numstat.lines().toList();
        if (rows.size() != 1) {
            return java.util.Optional.empty();
        }
        String[] f = rows.get(0).split("\t");
        boolean rewrite = f[0].equals("1") && f[1].equals("1");
        boolean insert = f[0].equals("1") && f[1].equals("0");
        if (!rewrite && !insert) {
            return java.util.Optional.empty();
        }
        String file = f[2];
        Matcher m = null;
        int hunks = 0;
        for (String l : git("diff", "-U0", parent, commit, "--", file).lines().toList()) {
            Matcher h = HUNK.matcher(l);
            if (h.find()) {
                m = h;
                hunks++;
            }
        }
        if (hunks != 1) {
            return java.util.Optional.empty(); // a line moved, not changed in place
        }
        List<String> before = lines(git("show", parent + ":" + file));
        List<String> after = lines(git("show", commit + ":" + file));
        String text = String.join("\n", before);
        if (rewrite) {
            int n = Integer.parseInt(m.group(1));
            String old = before.get(n - 1);
            String now = after.get(n - 1);
            if (old.isBlank() || count(text, old) != 1 || now.contains("\r") || old.contains("\r")) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new Case("rewrite", parent, commit, file, n, old, now));
        }
        int n = Integer.parseInt(m.group(1)); // the added line follows old line n
        int added = Integer.parseInt(m.group(3));
        if (n < 1) {
            return java.util.Optional.empty();
        }
        String anchor = before.get(n - 1);
        String line = after.get(added - 1);
        if (anchor.isBlank() || line.isBlank() || count(text, anchor) != 1 || anchor.contains("\r") || line.contains("\r")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Case("insert", parent, commit, file, added, anchor, line));
    }

    private boolean seal(Case c, Path set) {
        if (Files.exists(set)) {
            return true;
        }
        if (cli("new", set.toString(), "--repo", repo.toString(), "--rev", c.parent()).exit() != 0) {
            delete(set);
            return false;
        }
        Run add = c.kind().equals("rewrite")
                ? cli("add", "rewrite", set.toString(), "--repo", repo.toString(), "--component", ".", "--file", c.file(),
                        "--find=" + c.find(), "--replace=" + c.replace(), "--id", "e")
                : cli("add", "insert", set.toString(), "--repo", repo.toString(), "--component", ".", "--file", c.file(),
                        "--after=" + c.find(), "--text=" + c.replace(), "--id", "e");
        if (add.exit() != 0) {
            System.err.println("not sealed: " + c + ": " + add.err().strip());
            delete(set);
            return false;
        }
        return true;
    }

    private static void delete(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode verify(Path set, String rev) throws IOException {
        Run r = cli("verify", set.toString(), "--repo", repo.toString(), "--rev", rev, "--format", "json");
        JsonNode sets = r.out().isBlank() ? null : JSON.readTree(r.out()).path("patchsets");
        if (sets == null || sets.isEmpty() || sets.get(0).path("entries").isEmpty()) {
            System.err.println("no verdict for " + set + " at " + rev + ": exit " + r.exit() + ": " + r.err() + r.out());
            // bad input or a fault: scored as such, with patchpin's one line
            return JSON.createObjectNode().put("verdict", "EXIT_" + r.exit()).put("detail", r.err().strip());
        }
        return sets.get(0).path("entries").get(0);
    }

    /** C git's word on the commit's own hunk (default context) against the file at {@code rev}. */
    private Truth gitTruth(Case c, String rev) throws IOException {
        if (!exists(rev, c.file())) {
            return Truth.GONE;
        }
        Path dir = work.resolve("apply");
        Files.createDirectories(dir);
        Files.write(dir.resolve("f"), gitBytes("show", rev + ":" + c.file()));
        // the hunk with the entry's own context radius (2 lines), so that both look at the same lines
        String patch = git("diff", "-U2", c.parent(), c.commit(), "--", c.file())
                .replace("a/" + c.file(), "a/f").replace("b/" + c.file(), "b/f");
        Files.writeString(dir.resolve("p.patch"), patch + "\n", StandardCharsets.UTF_8);
        boolean forward = exec(dir, "git", "apply", "--check", "p.patch") == 0;
        boolean reverse = exec(dir, "git", "apply", "-R", "--check", "p.patch") == 0;
        return forward && reverse ? Truth.BOTH : forward ? Truth.APPLIES : reverse ? Truth.THERE : Truth.NEITHER;
    }

    /** What is at the place: the edited line followed from the commit, else the old line (or anchor) from the parent. */
    private Place placeTruth(Case c, String rev) throws IOException {
        if (!exists(rev, c.file())) {
            return Place.GONE;
        }
        if (mapped(c.commit(), rev, c.file(), c.line())) {
            return Place.THERE;
        }
        int old = c.kind().equals("rewrite") ? c.line() : c.line() - 1;
        return mapped(c.parent(), rev, c.file(), old) ? Place.TO_MAKE : Place.NEITHER;
    }

    /** Whether 1-based {@code line} of the file at {@code from} is a line {@code git diff from rev} keeps. */
    private boolean mapped(String from, String rev, String file, int line) {
        for (String l : git("diff", "-U0", "--no-renames", from, rev, "--", file).lines().toList()) {
            Matcher h = HUNK.matcher(l);
            if (!h.find()) {
                continue;
            }
            int start = Integer.parseInt(h.group(1));
            int count = h.group(2) == null ? 1 : Integer.parseInt(h.group(2));
            if (count > 0 && line >= start && line < start + count) {
                return false;
            }
        }
        return true;
    }

    private boolean exists(String rev, String file) {
        return exec(repo, "git", "cat-file", "-e", rev + ":" + file) == 0;
    }

    private static int count(String text, String s) {
        int n = 0;
        for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) {
            n++;
        }
        return n;
    }

    private static List<String> lines(String s) {
        return List.of(s.split("\n", -1));
    }

    record Run(int exit, String out, String err) {
    }

    private static Run cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            exit = Main.run(o, e, args);
        }
        return new Run(exit, out.toString(), err.toString());
    }

    private String git(String... args) {
        return new String(gitBytes(args), StandardCharsets.UTF_8);
    }

    private byte[] gitBytes(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            p.waitFor();
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int exec(Path dir, String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
