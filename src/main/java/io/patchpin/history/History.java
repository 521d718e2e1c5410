package io.patchpin.history;

import io.patchpin.bisect.FirstParentHistory;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Probe;
import io.patchpin.check.EntryVerdict;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * The history operation: every entry of some patchsets verified along the
 * first-parent line from one superproject revision to another, as
 * {@code verify --rev} would at each commit (one overlay per commit, all
 * entries in order), and the commits where each entry's verdict changed.
 */
public final class History {
    private History() {}

    /** @param from oldest revision (included); @param to newest revision (included) */
    public record Request(List<Path> dirs, String from, String to, Sampling sampling) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /** Runs the request; {@code progress} hears a short line before each commit is verified. */
    public static HistoryReport run(Workspace ws, Request request, Consumer<String> progress) {
        List<LoadedPatchset> sets =
                request.dirs().stream().map(LoadedPatchset::read).toList();
        ObjectId from = ws.resolve("--from", request.from());
        ObjectId to = ws.resolve("--to", request.to());
        List<RevCommit> line = new ArrayList<>();
        line.add(ws.commit(from));
        line.addAll(FirstParentHistory.between(ws.superRepository(), from, to, request.from(), request.to()));
        SortedSet<Integer> samples = request.sampling().indices(line.size());
        FileChains chains = new FileChains(sets, cachedBases(ws));
        TreeKeys keys = new TreeKeys(chains.paths());
        int[] done = {0};
        try (ObjectReader reader = ws.superRepository().newObjectReader()) {
            Probe<List<EntryVerdict>> probe = new Probe<>(i -> {
                progress.accept(
                        "history: commit " + ++done[0] + " (" + samples.size() + " sampled of " + line.size() + ")");
                return chains.check(keys.at(reader, line.get(i)), () -> ws.snapshot(line.get(i))
                        .files());
            });
            samples.forEach(probe::at);
            probe.refine(0, line.size() - 1, History::same);
            return report(sets, line, probe, samples, commitLink(ws));
        }
    }

    private static HistoryReport report(
            List<LoadedPatchset> sets,
            List<RevCommit> line,
            Probe<List<EntryVerdict>> probe,
            SortedSet<Integer> samples,
            Optional<String> link) {
        SortedSet<Integer> columns = new TreeSet<>(samples);
        columns.addAll(probe.changes(History::same).keySet());
        Map<Integer, LineCommit> commits = new HashMap<>();
        columns.forEach(i -> commits.put(i, LineCommit.of(line.get(i))));
        List<HistoryReport.Row> rows = new ArrayList<>();
        int e = 0;
        for (LoadedPatchset set : sets) {
            for (var entry : set.patchset().entries()) {
                int at = e++;
                List<EntryVerdict> cells =
                        columns.stream().map(i -> probe.at(i).get(at)).toList();
                rows.add(new HistoryReport.Row(
                        set.patchset().name(),
                        entry.id(),
                        entry.kind(),
                        entry.component(),
                        entry.files(),
                        cells,
                        transitions(probe.known(), at, commits)));
            }
        }
        return new HistoryReport(
                line.size(),
                probe.checks(),
                probe.checks() < line.size(),
                columns.stream().map(commits::get).toList(),
                rows,
                link);
    }

    private static List<HistoryReport.Transition> transitions(
            NavigableMap<Integer, List<EntryVerdict>> known, int entry, Map<Integer, LineCommit> commits) {
        List<HistoryReport.Transition> out = new ArrayList<>();
        EntryVerdict prev = null;
        for (var k : known.entrySet()) {
            EntryVerdict v = k.getValue().get(entry);
            if (prev != null && prev.verdict() != v.verdict()) {
                out.add(new HistoryReport.Transition(commits.get(k.getKey()), prev.verdict(), v.verdict(), v.detail()));
            }
            prev = v;
        }
        return out;
    }

    private static boolean same(List<EntryVerdict> a, List<EntryVerdict> b) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).verdict() != b.get(i).verdict()) {
                return false;
            }
        }
        return true;
    }

    /** Each base snapshot resolved once, its files read once: every commit replays the seals at the same base. */
    private static BaseSources cachedBases(Workspace ws) {
        BaseSources all = Verification.bases(ws);
        Map<String, Optional<FileSource>> cache = new HashMap<>();
        return commit -> cache.computeIfAbsent(commit, c -> all.at(c).map(CachedFileSource::new));
    }

    /** {@code https://github.com/OWNER/REPO/commit/} when the superproject's origin is on GitHub. */
    static Optional<String> commitLink(Workspace ws) {
        String url = ws.superRepository().getConfig().getString("remote", "origin", "url");
        return GithubUrl.commitPrefix(url);
    }
}
