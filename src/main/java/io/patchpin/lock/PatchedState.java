package io.patchpin.lock;

import io.patchpin.verify.AppliedCommits;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * Whether a component above its locked commit is patched: its commits are exactly a TheRock patch folder as
 * {@code git am} makes it (the .smrev beside it carries the lock's {@code [[smrev]]} digest), or exactly the entries of
 * the patchsets given (matched by tree). Reads only.
 */
public final class PatchedState {
    private final Workspace workspace;
    private final Lock lock;
    private final List<LoadedPatchset> sets;
    private final Map<ObjectId, Run> runs = new HashMap<>();

    public PatchedState(Workspace workspace, Lock lock, List<Path> dirs) {
        this.workspace = workspace;
        this.lock = lock;
        this.sets = dirs.stream().map(LoadedPatchset::read).toList();
    }

    /** What the commits above the pin are: explained (held lists patches or entries), or the unexplained ones. */
    public AppliedCommits.Result explain(Path root, LockEntry e, Repository repo, String head) {
        AppliedCommits.Result best = null;
        for (SmrevDigest s : lock.smrevs()) {
            if (s.component().equals(e.path()) && smrevMatches(root, e, s)) {
                AppliedCommits.Result r = AppliedCommits.byTheRockPatches(repo, e.commit(), head, patchNames(root, s));
                if (r.explained()) {
                    return new AppliedCommits.Result(
                            r.held().stream()
                                    .map(n -> "patches/" + s.tag() + "/" + s.project() + "/" + n)
                                    .toList(),
                            List.of());
                }
                best = r;
            }
        }
        if (sets.stream().anyMatch(s -> s.patchset().entries().stream()
                .anyMatch(x -> x.component().equals(e.path())))) {
            AppliedCommits.Result r =
                    AppliedCommits.byEntries(repo, e.commit(), head, AppliedCommits.steps(atPin(e), e.path()));
            if (r.explained()) {
                return r;
            }
            best = best == null ? r : best;
        }
        return best != null ? best : AppliedCommits.byEntries(repo, e.commit(), head, List.of());
    }

    /**
     * The entries run over the files at the pin: a submodule's pin is the gitlink at the superproject's HEAD, the
     * superproject's is its locked commit (its HEAD holds the entries' commits themselves).
     */
    private Run atPin(LockEntry e) {
        ObjectId pin = ObjectId.fromString(e.commit());
        ObjectId at = e.isSuperproject() && workspace.has(pin) ? pin : workspace.resolve("HEAD");
        return runs.computeIfAbsent(
                at, c -> new Verifier().check(sets, workspace.snapshot(c).files(), BaseSources.NONE));
    }

    private static boolean smrevMatches(Path root, LockEntry e, SmrevDigest s) {
        Path dir = root.resolve(e.path());
        Path file = dir.resolveSibling("." + dir.getFileName() + ".smrev");
        try {
            if (!Files.isRegularFile(file)) {
                return false;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return lines.size() >= 2 && lines.get(1).equals(e.commit() + "+PATCHED:" + s.sha1());
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read " + file, ex);
        }
    }

    /** The patch files' names in the work tree's folder, sorted; numbered stand-ins when the folder is not there. */
    private static List<String> patchNames(Path root, SmrevDigest s) {
        Path folder = root.resolve("patches").resolve(s.tag()).resolve(s.project());
        List<String> names = List.of();
        if (Files.isDirectory(folder)) {
            try (var files = Files.list(folder)) {
                names = files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".patch"))
                        .sorted()
                        .toList();
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot list " + folder, ex);
            }
        }
        return names.size() == s.patches()
                ? names
                : IntStream.rangeClosed(1, s.patches())
                        .mapToObj(i -> "patch " + i + " of " + s.patches())
                        .toList();
    }
}
