package io.patchpin.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Many single-file {@code git apply --check} cases in as few git processes as C git allows, instead of one
 * each. Case {@code i} is the file {@link #path c<i>/f.txt} of one repository and its patch
 * {@link #patch c<i>.patch}, which names that path. Given several patch files, git apply reads and checks
 * each one on its own, as separate runs would, and names each ({@code -v}) before anything it reports about
 * it. With {@code --reject} it goes on after a patch that does not apply, having said why
 * ({@code error: patch failed: PATH:LINE} for each hunk that does not fit; every other refusal is
 * {@code error: PATH: ...} with or without it): one git process checks the whole batch. {@code --3way}
 * cannot be given with {@code --reject}, so there git stops at the first refusal and the run is started
 * again after it: one git process per refused case plus one.
 */
public final class ApplyBatch {
    private ApplyBatch() {}

    /** The path of case {@code i}'s file in the repository. */
    public static String path(int i) {
        return "c" + i + "/f.txt";
    }

    /** Case {@code i}'s patch file. */
    public static Path patch(Path repo, int i) {
        return repo.resolve("c" + i + ".patch");
    }

    /** Writes case {@code i}: its file's content and its patch (which must name {@link #path}). */
    public static void write(Path repo, int i, byte[] file, byte[] patch) {
        try {
            Path f = repo.resolve(path(i));
            Files.createDirectories(f.getParent());
            Files.write(f, file);
            Files.write(patch(repo, i), patch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What {@code git apply -v <options> --check} says of each of the patches of cases {@code 0..count-1},
     * by case: the lines after it named the case's patch.
     */
    public static List<List<String>> check(Path repo, int count, String... options) {
        boolean reject = !List.of(options).contains("--3way");
        List<List<String>> said = new ArrayList<>();
        while (said.size() < count) {
            int from = said.size();
            List<String> args = new ArrayList<>(List.of("apply", "-v"));
            args.addAll(List.of(options));
            if (reject) {
                args.add("--reject");
            }
            args.add("--check");
            for (int i = from; i < count; i++) {
                args.add(patch(repo, i).getFileName().toString());
            }
            Git.Result r = Git.tryRun(repo, args.toArray(String[]::new));
            for (String line : r.stderr().lines().toList()) {
                if (said.size() < count && line.equals("Checking patch " + path(said.size()) + "...")) {
                    said.add(new ArrayList<>());
                } else if (said.size() == from) {
                    throw new IllegalStateException(
                            "git " + String.join(" ", args) + " (" + r.exit() + "): " + r.stderr());
                } else {
                    said.get(said.size() - 1).add(line);
                }
            }
            if (reject) {
                if (said.size() != count) {
                    throw new IllegalStateException("git apply --reject checked " + (said.size() - from) + " of "
                            + (count - from) + " patches, exit " + r.exit() + ": " + r.stderr());
                }
                break;
            }
            int last = said.size() - 1;
            boolean lastRefused = refused(said.get(last), last);
            for (int i = from; i < last; i++) {
                if (refused(said.get(i), i)) {
                    throw new IllegalStateException("git apply went on after refusing " + path(i) + ": " + r.stderr());
                }
            }
            if (r.exit() == 0 ? lastRefused || said.size() != count : !lastRefused) {
                throw new IllegalStateException("git apply checked " + (said.size() - from) + " of " + (count - from)
                        + " patches, exit " + r.exit() + ": " + r.stderr());
            }
        }
        return said;
    }

    /**
     * Whether {@code patch --dry-run -p1 <options>} applies each of the patches of cases {@code 0..count-1}, in
     * one run over all of them: GNU patch checks each file's diff of its input on its own, as separate runs
     * would, and says {@code checking file PATH} before anything it says of it; a hunk that does not fit is
     * {@code Hunk #N FAILED}, one it skips as reversed is {@code ignored}.
     */
    public static List<Boolean> gnuPatchApplies(Path repo, int count, String... options) {
        List<String> cmd = new ArrayList<>(List.of("patch", "--dry-run", "-p1"));
        cmd.addAll(List.of(options));
        Path all = repo.resolve("all.patch");
        cmd.addAll(List.of("-i", all.toString()));
        try {
            try (OutputStream o = Files.newOutputStream(all)) {
                for (int i = 0; i < count; i++) {
                    o.write(Files.readAllBytes(patch(repo, i)));
                }
            }
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true);
            pb.environment().put("LC_ALL", "C");
            pb.environment().remove("POSIXLY_CORRECT");
            Process p = pb.start();
            p.getOutputStream().close();
            // its verdicts are in what it says, read to its end; its exit status says only whether one failed
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            List<Boolean> applies = new ArrayList<>();
            for (String line : said.lines().toList()) {
                if (applies.size() < count && line.equals("checking file " + path(applies.size()))) {
                    applies.add(true);
                } else if (applies.isEmpty() || line.startsWith("patch: ****")) {
                    throw new IllegalStateException(String.join(" ", cmd) + ": " + said);
                } else if (line.contains(" FAILED") || line.contains(" ignored")) {
                    applies.set(applies.size() - 1, false);
                }
            }
            if (applies.size() != count) {
                throw new IllegalStateException(
                        String.join(" ", cmd) + " checked " + applies.size() + " of " + count + ": " + said);
            }
            return applies;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether git refused case {@code i}, by what it said of it: what a separate run's non-zero exit shows. */
    public static boolean refused(List<String> said, int i) {
        return said.stream()
                .anyMatch(l -> l.startsWith("error: " + path(i) + ": ")
                        || l.startsWith("error: patch failed: " + path(i) + ":"));
    }
}
