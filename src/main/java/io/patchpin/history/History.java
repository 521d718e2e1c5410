package io.patchpin.history;

import io.patchpin.bisect.FirstParentHistory;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Probe;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.lockexport.GitHubUrl;
import io.patchpin.verify.Ancestry;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * The history operation: every entry of some patchsets verified along the first-parent line from one superproject
 * revision to another, as {@code verify --rev} would at each commit, and the commits where each verdict changed.
 */
public final class History {
    private History() {}

    /** @param from oldest revision (included); @param to newest revision (included) */
    public record Request(List<Path> dirs, String from, String to, Sampling sampling) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /** {@code progress} hears a short line before each commit is verified. */
    public static HistoryReport run(Workspace ws, Request request, Consumer<String> progress) {
        List<LoadedPatchset> sets =
                request.dirs().stream().map(LoadedPatchset::read).toList();
        ObjectId from = ws.resolve("--from", request.from());
        ObjectId to = ws.resolve("--to", request.to());
        List<RevCommit> line = new ArrayList<>();
        line.add(ws.commit(from));
        line.addAll(FirstParentHistory.between(ws.superRepository(), from, to, request.from(), request.to()));
        SortedSet<Integer> samples = request.sampling().indices(line.size());
        int[] done = {0};
        try (ObjectReader reader = ws.superRepository().newObjectReader()) {
            BiFunction<ObjectReader, RevCommit, Map<RowId, EntryVerdict>> check = checks(ws, sets, line.get(0));
            Probe<Map<RowId, EntryVerdict>> probe = new Probe<>(i -> {
                progress.accept(
                        "history: commit " + ++done[0] + " (" + samples.size() + " sampled of " + line.size() + ")");
                return check.apply(reader, line.get(i));
            });
            samples.forEach(probe::at);
            probe.refine(0, line.size() - 1, History::same);
            String origin = ws.superRepository().getConfig().getString("remote", "origin", "url");
            return report(line, probe, samples, GitHubUrl.parse(origin).map(GitHubUrl::commits));
        }
    }

    /**
     * How every entry is checked at a commit: sets without layers chain by chain ({@link FileChains}), sets with layers
     * together with their layers as they are at that commit ({@link LayeredChecks}).
     */
    private static BiFunction<ObjectReader, RevCommit, Map<RowId, EntryVerdict>> checks(
            Workspace ws, List<LoadedPatchset> sets, RevCommit first) {
        // an entry naming an upstream commit is asked about at every pin along the line: the answers are kept
        Ancestry ancestry = new RememberedAncestry();
        if (sets.stream().anyMatch(s -> !s.patchset().layers().isEmpty())) {
            LayeredChecks layered = new LayeredChecks(ws, sets, cachedBases(ws), ancestry, first);
            return layered::at;
        }
        FileChains chains = new FileChains(sets, cachedBases(ws), ancestry);
        TreeKeys keys = new TreeKeys(chains.paths());
        List<RowId> rows = RowId.of(sets);
        return (reader, commit) ->
                RowId.zip(rows, chains.check(commit.name(), keys.at(reader, commit), () -> ws.snapshot(commit)
                        .files()));
    }

    private static HistoryReport report(
            List<RevCommit> line,
            Probe<Map<RowId, EntryVerdict>> probe,
            SortedSet<Integer> samples,
            Optional<String> link) {
        SortedSet<Integer> columns = new TreeSet<>(samples);
        columns.addAll(probe.changes(History::same).keySet());
        Map<Integer, LineCommit> commits =
                columns.stream().collect(Collectors.toMap(i -> i, i -> LineCommit.of(line.get(i))));
        List<HistoryReport.Row> rows = new ArrayList<>();
        for (RowId id : rowOrder(probe.known().values())) {
            List<Optional<EntryVerdict>> cells = columns.stream()
                    .map(i -> Optional.ofNullable(probe.at(i).get(id)))
                    .toList();
            EntryVerdict shown = probe.known().descendingMap().values().stream()
                    .map(m -> m.get(id))
                    .filter(Objects::nonNull)
                    .findFirst()
                    .orElseThrow();
            rows.add(new HistoryReport.Row(
                    id.patchset(),
                    id.id(),
                    shown.kind(),
                    shown.component(),
                    shown.files(),
                    cells,
                    transitions(probe, id, commits)));
        }
        return new HistoryReport(
                line.size(),
                probe.checks(),
                probe.checks() < line.size(),
                columns.stream().map(commits::get).toList(),
                rows,
                link);
    }

    /**
     * Every row seen, in the order of the commits that have it: a row that comes later (a patch TheRock added to a
     * layer) goes right before the next row it precedes at that commit, so each set's entries stay together and the
     * layers stay below the sets on them.
     */
    private static List<RowId> rowOrder(Collection<Map<RowId, EntryVerdict>> atEachCommit) {
        List<RowId> order = new ArrayList<>();
        Set<RowId> placed = new HashSet<>();
        for (Map<RowId, EntryVerdict> commit : atEachCommit) {
            List<RowId> here = List.copyOf(commit.keySet());
            for (int j = 0; j < here.size(); j++) {
                if (placed.add(here.get(j))) {
                    int at = order.size();
                    for (int k = j + 1; k < here.size() && at == order.size(); k++) {
                        if (placed.contains(here.get(k))) {
                            at = order.indexOf(here.get(k));
                        }
                    }
                    order.add(at, here.get(j));
                }
            }
        }
        // a set whose rows all went (a project TheRock no longer patches) can leave a later row of another set between
        // its own: each set's rows are kept together, in the order the sets came
        Map<String, Integer> sets = new HashMap<>();
        order.forEach(r -> sets.putIfAbsent(r.dir(), sets.size()));
        order.sort(Comparator.comparing(r -> sets.get(r.dir())));
        return order;
    }

    /** The row's verdict changes among the commits checked, each at the commit that made it. */
    private static List<HistoryReport.Transition> transitions(
            Probe<Map<RowId, EntryVerdict>> probe, RowId row, Map<Integer, LineCommit> commits) {
        Function<Map<RowId, EntryVerdict>, Optional<Verdict>> verdict =
                m -> Optional.ofNullable(m.get(row)).map(EntryVerdict::verdict);
        return probe.changes((a, b) -> verdict.apply(a).equals(verdict.apply(b))).entrySet().stream()
                .map(c -> new HistoryReport.Transition(
                        commits.get(c.getKey()),
                        verdict.apply(probe.known().lowerEntry(c.getKey()).getValue()),
                        verdict.apply(c.getValue()),
                        Optional.ofNullable(c.getValue().get(row))
                                .map(EntryVerdict::detail)
                                .orElse("")))
                .toList();
    }

    /** Same rows with the same verdicts (details may differ: a run of equal verdicts is one cell). */
    private static boolean same(Map<RowId, EntryVerdict> a, Map<RowId, EntryVerdict> b) {
        return a.size() == b.size()
                && a.entrySet().stream().allMatch(e -> {
                    EntryVerdict other = b.get(e.getKey());
                    return other != null && other.verdict() == e.getValue().verdict();
                });
    }

    /** Each base snapshot resolved once, its files read once: every commit replays the seals at the same base. */
    private static BaseSources cachedBases(Workspace ws) {
        BaseSources all = Verification.bases(ws);
        Map<String, Optional<FileSource>> cache = new HashMap<>();
        return commit -> cache.computeIfAbsent(commit, c -> all.at(c).map(CachedFileSource::new));
    }
}
