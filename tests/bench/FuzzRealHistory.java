import io.patchpin.patch.FileLines;
import io.patchpin.patch.FilePatch;
import io.patchpin.patch.ParsedPatch;
import io.patchpin.patch.PatchChecker;
import io.patchpin.patch.PatchParser;
import io.patchpin.patch.PatchPaths;
import io.patchpin.patch.PatchRun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Patch verdicts against GNU patch and git on a real history (see fuzz-real-history.sh): each sampled
 * first-parent commit's diff (three context lines, text files only) is checked at every tag. patchpin
 * with fuzz 2 against {@code patch --dry-run -F2}; patchpin without fuzz against {@code git apply --check}.
 * Prints the agreement and every disagreement.
 *
 * <p>Usage: java -cp target/patchpin.jar:CLASSES FuzzRealHistory REPO BRANCH MAX_COMMITS WORKDIR
 */
public final class FuzzRealHistory {
    private final Path repo;
    private final Path work;

    private FuzzRealHistory(Path repo, Path work) {
        this.repo = repo;
        this.work = work;
    }

    public static void main(String[] args) throws IOException {
        Path work = Path.of(args[3]).toAbsolutePath();
        Files.createDirectories(work);
        new FuzzRealHistory(Path.of(args[0]).toAbsolutePath(), work).run(args[1], Integer.parseInt(args[2]));
    }

    private void run(String branch, int max) throws IOException {
        List<String> commits = git("rev-list", "--first-parent", "--no-merges", branch).lines().toList();
        List<String> tags = git("tag", "--merged", branch).lines().toList();
        int step = Math.max(1, commits.size() / max);
        int checks = 0;
        int fuzzed = 0;
        int gnuRefused = 0;
        int fuzzDisagree = 0;
        int gitDisagree = 0;
        List<String> report = new ArrayList<>();
        for (int k = 0; k < commits.size() && k / step < max; k += step) {
            String c = commits.get(k);
            byte[] patch = gitBytes("diff", "--no-renames", "--diff-filter=M", c + "^", c);
            if (patch.length == 0 || patch.length > 200_000 || new String(patch, StandardCharsets.UTF_8).contains("Binary files")) {
                continue;
            }
            ParsedPatch parsed;
            try {
                parsed = PatchParser.parse("commit " + c, patch);
            } catch (RuntimeException e) {
                continue;
            }
            PatchPaths paths = new PatchPaths(1, "");
            for (String tag : tags) {
                Path dir = work.resolve("t");
                deleteTree(dir);
                Map<String, Optional<FileLines>> now = new TreeMap<>();
                boolean all = true;
                for (FilePatch f : parsed.files()) {
                    Optional<String> old = paths.oldPath(f);
                    byte[] content = old.isEmpty() ? null : gitBytesOrNull("show", tag + ":" + old.get());
                    if (content == null) {
                        all = false;
                        break;
                    }
                    Path p = dir.resolve(old.get());
                    Files.createDirectories(p.getParent());
                    Files.write(p, content);
                    now.put(old.get(), Optional.of(FileLines.of(content)));
                }
                if (!all) {
                    continue;
                }
                Files.write(work.resolve("p.patch"), patch);
                checks++;
                boolean exact = PatchRun.run(parsed, paths, now, 0).ok();
                boolean fuzzy = PatchRun.run(parsed, paths, now, PatchChecker.MAX_FUZZ).ok();
                boolean gnu = exec(dir, "patch", "--dry-run", "-F2", "-p1", "-f", "-s", "-i", work.resolve("p.patch").toString()) == 0;
                boolean gitOk = exec(dir, "git", "apply", "--check", work.resolve("p.patch").toString()) == 0;
                fuzzed += fuzzy && !exact ? 1 : 0;
                gnuRefused += gnu ? 0 : 1;
                if (fuzzy != gnu) {
                    fuzzDisagree++;
                    report.add(c.substring(0, 12) + " at " + tag + ": fuzz 2 " + (fuzzy ? "applies" : "fails") + ", GNU patch "
                            + (gnu ? "applies" : "refuses"));
                }
                if (exact != gitOk) {
                    gitDisagree++;
                    report.add(c.substring(0, 12) + " at " + tag + ": exact " + exact + ", git apply " + gitOk);
                }
            }
        }
        report.forEach(System.out::println);
        System.out.println(checks + " checks: " + fuzzed + " apply only with fuzz, " + gnuRefused + " refused by GNU patch; "
                + fuzzDisagree + " disagree with patch -F2, " + gitDisagree + " with git apply --check");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private String git(String... args) {
        return new String(gitBytes(args), StandardCharsets.UTF_8);
    }

    private byte[] gitBytes(String... args) {
        byte[] b = gitBytesOrNull(args);
        return b == null ? new byte[0] : b;
    }

    private byte[] gitBytesOrNull(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            return p.waitFor() == 0 ? out : null;
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
