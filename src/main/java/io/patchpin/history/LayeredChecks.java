package io.patchpin.history;

import io.patchpin.check.EntryVerdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Layer;
import io.patchpin.verify.Ancestry;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.MissingLayers;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import io.patchpin.verify.UpstreamGate;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.RevisionFileSource;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * Every entry at one commit when some set has layers: the sets with their layers expanded at that commit and checked
 * together, as {@code verify --rev} does. TheRock's layers change along a history ({@code patches/<tag>} is read at
 * each commit), so the sets are not split into chains as {@link FileChains} splits sets without layers; verdicts are
 * reused at a commit whose inputs are those of one checked already: first by the superproject's tree entries (each
 * set's files, each {@code patches/<tag>} tree, and with TheRock layers {@code .gitmodules} and every top-level
 * gitlink, as a TheRock project is placed by submodule name or a monorepo's folders), then by what the expanded entries
 * read (each file's blob). Verdicts kept by blobs are before verify's upstream gate, those kept by tree entries after
 * it, as in {@link FileChains}.
 */
final class LayeredChecks {
    private static final String PATCHES = "patches/";

    private final Workspace ws;
    private final List<LoadedPatchset> sets;
    private final BaseSources bases;
    private final Ancestry ancestry;
    private final Verifier verifier = new Verifier();
    private final SortedSet<String> fixed = new TreeSet<>();
    private final SortedSet<String> tags = new TreeSet<>();
    private final SortedSet<String> topLevel = new TreeSet<>();
    private final Map<String, Map<RowId, EntryVerdict>> byTree = new HashMap<>();
    private final Map<String, Map<RowId, EntryVerdict>> byFiles = new HashMap<>();
    /** Whether some entry names an upstream commit (TheRock's patches never do), and whether one is the superproject's. */
    private boolean gated;

    private boolean pinIsCommit;
    private TreeKeys keys;
    private List<String> targets;

    /**
     * @param first the first commit of the line: layers that cannot be read there (a cycle, a folder gone) are bad
     *              input before any commit is checked
     * @param ancestry asked whether a pin holds an entry's upstream commit, as verify's upstream gate asks
     */
    LayeredChecks(Workspace ws, List<LoadedPatchset> sets, BaseSources bases, Ancestry ancestry, RevCommit first) {
        this.ws = ws;
        this.sets = List.copyOf(sets);
        this.bases = bases;
        this.ancestry = ancestry;
        Snapshot at = ws.snapshot(first);
        // the sets and their folder layers, which are the same at every commit; TheRock's sets are read at each
        Layers.expand(sets, at, Optional.empty()).stream()
                .filter(s -> s.theRock() == null)
                .forEach(this::collect);
        if (!tags.isEmpty()) {
            fixed.add(FileChains.GITMODULES);
            tags.forEach(t -> fixed.add(PATCHES + t));
            learn(at);
        }
        retarget();
    }

    /** Every entry's verdict at {@code commit}, the layers' first, by row in the order verify reports them. */
    Map<RowId, EntryVerdict> at(ObjectReader reader, RevCommit commit) {
        SortedMap<String, String> tree = keys.at(reader, commit);
        Map<RowId, EntryVerdict> known = byTree.get(treeKey(tree, commit));
        if (known != null) {
            return at(known, commit.name());
        }
        Snapshot snapshot = ws.snapshot(commit);
        if (learn(snapshot)) {
            retarget();
            tree = keys.at(reader, commit);
        }
        List<LoadedPatchset> expanded = Layers.expand(sets, snapshot, Optional.empty());
        RevisionFileSource source = snapshot.files();
        CachedFileSource files = new CachedFileSource(source);
        Map<RowId, EntryVerdict> verdicts = byFiles.computeIfAbsent(
                filesKey(expanded, tree, files, source), k -> run(expanded, files, snapshot.commit()));
        if (gated) {
            verdicts = gate(expanded, verdicts, snapshot);
        }
        byTree.put(treeKey(tree, commit), verdicts);
        return at(verdicts, commit.name());
    }

    /** Verdicts kept from the commit where they were checked, as at {@code commit}: a detail naming it names this one. */
    private static Map<RowId, EntryVerdict> at(Map<RowId, EntryVerdict> verdicts, String commit) {
        Map<RowId, EntryVerdict> out = new LinkedHashMap<>();
        verdicts.forEach((row, v) -> out.put(row, v.at(commit)));
        return out;
    }

    private String treeKey(SortedMap<String, String> tree, RevCommit commit) {
        return TreeKeys.key(tree, targets) + (pinIsCommit ? commit.name() : "");
    }

    /**
     * The verdicts weighed against the entries' upstream commits, as verify weighs them. Verify gates before it adds
     * the notes of a missing layer; the gate puts its note before the detail and those notes go after it, so gating
     * here, after them, gives the same line.
     */
    private Map<RowId, EntryVerdict> gate(
            List<LoadedPatchset> expanded, Map<RowId, EntryVerdict> verdicts, Snapshot snapshot) {
        // an entry naming no upstream commit (or a missing layer's, which is no entry) keeps its verdict
        Map<RowId, Entry> entries = new HashMap<>();
        expanded.forEach(s -> s.patchset().entries().forEach(e -> entries.put(RowId.of(s, e.id()), e)));
        Map<RowId, EntryVerdict> out = new LinkedHashMap<>();
        verdicts.forEach((row, v) -> out.put(
                row, entries.containsKey(row) ? UpstreamGate.gate(entries.get(row), v, snapshot, ancestry) : v));
        return out;
    }

    private Map<RowId, EntryVerdict> run(List<LoadedPatchset> expanded, CachedFileSource files, String commit) {
        Run run = verifier.check(expanded, files, bases);
        // as verify reports it: failing layers blamed, then a set for each TheRock layer absent at this commit
        Report report = MissingLayers.report(expanded, Layers.blameLayers(run, Report.of(run, commit)));
        Map<RowId, EntryVerdict> out = new LinkedHashMap<>();
        int next = 0;
        for (Report.SetReport s : report.patchsets()) {
            boolean ran = next < run.sets().size()
                    && run.sets().get(next).loaded().patchset().name().equals(s.name());
            // a missing layer's set has no folder: it is named by its name alone
            String dir = ran ? run.sets().get(next++).loaded().dir().toString() : s.name();
            s.entries().forEach(v -> out.put(new RowId(dir, s.name(), v.id()), v));
        }
        return out;
    }

    /**
     * What the expanded entries' verdicts depend on beyond the tree key's gitlinks: which entries there are (TheRock's
     * are read from the {@code patches/<tag>} trees, placed by component) and each file's blob.
     */
    private String filesKey(
            List<LoadedPatchset> expanded,
            SortedMap<String, String> tree,
            CachedFileSource files,
            RevisionFileSource source) {
        StringBuilder b = new StringBuilder();
        tags.forEach(t -> b.append(t).append('=').append(tree.get(PATCHES + t)).append('\n'));
        SortedSet<FileKey> read = new TreeSet<>();
        for (LoadedPatchset s : expanded) {
            b.append(s.dir()).append('\0').append(s.patchset().name()).append('\n');
            for (Entry e : s.patchset().entries()) {
                b.append(e.id()).append('\0').append(e.component());
                e.files().forEach(f -> b.append('\0').append(f));
                b.append('\n');
                read.addAll(FileKey.of(e));
            }
        }
        return b.append(FileChains.key(read, files, source)).toString();
    }

    /** The paths a set's entries depend on, and the tags of TheRock layers it declares. */
    private void collect(LoadedPatchset set) {
        for (Entry e : set.patchset().entries()) {
            fixed.addAll(FileChains.dependsOn(e));
            if (e.upstream().hasCommit()) {
                gated = true;
                pinIsCommit |= e.component().equals(Component.SUPERPROJECT);
            }
        }
        set.patchset().layers().stream()
                .filter(l -> l.kind() == Layer.Kind.THEROCK)
                .forEach(l -> tags.add(l.value()));
    }

    /** Adds the top-level components at a commit; true when one was not known (the tree keys then grow). */
    private boolean learn(Snapshot at) {
        boolean grew = false;
        for (Component c : at.components().values()) {
            if (c.inSuperproject()) {
                grew |= topLevel.add(c.path());
            }
        }
        return grew && !tags.isEmpty();
    }

    private void retarget() {
        SortedSet<String> all = new TreeSet<>(fixed);
        if (!tags.isEmpty()) {
            all.addAll(topLevel);
        }
        keys = new TreeKeys(all);
        targets = List.copyOf(all);
    }
}
