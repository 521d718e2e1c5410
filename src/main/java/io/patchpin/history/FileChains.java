package io.patchpin.history;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.Version;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.Ancestry;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.UpstreamGate;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.RevisionFileSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Verifies every entry at one commit as {@code verify --rev} does, one chain of entries at a time, and remembers each
 * chain's verdicts by the files it read. A chain is the entries linked by sharing a file (an entry sees only its own
 * files, and only entries on its file can make it already applied), so chains cannot change each other's verdicts.
 * Along a history most files stay the same blobs, and such a chain reuses the verdicts found before.
 */
final class FileChains {
    /**
     * The entries of one chain, as patchsets in the original order, and where each sits in the full list.
     *
     * @param gated whether an entry names an upstream commit: its verdict then also depends on the pin
     * @param pinIsCommit whether such an entry is the superproject's, whose pin is the commit itself
     * @param conditional the components of the chain's entries that have a {@code when}: their verdicts also depend on
     *                    the component's version, which the superproject's own files do not show
     */
    private record Chain(
            List<LoadedPatchset> sets,
            int[] positions,
            List<FileKey> files,
            List<String> paths,
            boolean gated,
            boolean pinIsCommit,
            List<String> conditional,
            Map<String, List<EntryVerdict>> byFiles,
            Map<String, List<EntryVerdict>> byTree) {
        List<Entry> entries() {
            return sets.stream().flatMap(s -> s.patchset().entries().stream()).toList();
        }
    }

    static final String GITMODULES = ".gitmodules";

    private final List<Chain> chains;
    private final int size;
    private final BaseSources bases;
    private final Ancestry ancestry;
    private final Verifier verifier = new Verifier();

    /** @param ancestry asked whether a pin holds an entry's upstream commit, as verify's upstream gate asks */
    FileChains(List<LoadedPatchset> sets, BaseSources bases, Ancestry ancestry) {
        this.bases = bases;
        this.ancestry = ancestry;
        List<Entry> all = new ArrayList<>();
        List<LoadedPatchset> owner = new ArrayList<>();
        for (LoadedPatchset s : sets) {
            for (Entry e : s.patchset().entries()) {
                all.add(e);
                owner.add(s);
            }
        }
        this.size = all.size();
        int[] root = link(all);
        Map<Integer, List<Integer>> members = new TreeMap<>();
        for (int i = 0; i < all.size(); i++) {
            members.computeIfAbsent(find(root, i), k -> new ArrayList<>()).add(i);
        }
        this.chains = members.values().stream().map(m -> chain(m, all, owner)).toList();
    }

    /** Every superproject path some chain depends on, for {@link TreeKeys}. */
    SortedSet<String> paths() {
        SortedSet<String> out = new TreeSet<>();
        chains.forEach(c -> out.addAll(c.paths()));
        return out;
    }

    /**
     * Every entry's verdict at one commit, in the order of the sets. A chain whose superproject entries ({@code tree},
     * from {@link TreeKeys}) are as at a commit checked already takes its verdicts without reading a file;
     * {@code files} is asked for only when some chain's entries changed. Verdicts kept by the files' blobs are before
     * the upstream gate (the same blobs may sit at pins with and without the upstream commit); those kept by tree
     * entries are after it: the tree entries hold a submodule's pin, and for a superproject entry naming an upstream
     * commit the key holds {@code commit}, its pin.
     */
    List<EntryVerdict> check(String commit, SortedMap<String, String> tree, Supplier<RevisionFileSource> files) {
        RevisionFileSource[] source = {null};
        CachedFileSource[] cached = {null};
        EntryVerdict[] out = new EntryVerdict[size];
        for (Chain chain : chains) {
            boolean byCommit = chain.pinIsCommit() || chain.conditional().contains(Component.SUPERPROJECT);
            String treeKey = TreeKeys.key(tree, chain.paths()) + (byCommit ? commit : "");
            List<EntryVerdict> verdicts = chain.byTree().computeIfAbsent(treeKey, k -> {
                if (cached[0] == null) {
                    source[0] = files.get();
                    cached[0] = new CachedFileSource(source[0]);
                }
                String key = key(chain.files(), cached[0], source[0]) + versions(chain, source[0]);
                List<EntryVerdict> ungated = chain.byFiles().computeIfAbsent(key, x -> run(chain, cached[0]));
                return chain.gated()
                        ? UpstreamGate.gate(chain.entries(), ungated, source[0].snapshot(), ancestry)
                        : ungated;
            });
            for (int i = 0; i < chain.positions().length; i++) {
                // kept from the commit where they were checked: a detail naming the revision names this one
                out[chain.positions()[i]] = verdicts.get(i).at(commit);
            }
        }
        return Arrays.asList(out);
    }

    /** The versions the chain's conditional entries are weighed at, for the key its verdicts are kept by. */
    private static String versions(Chain chain, RevisionFileSource files) {
        return chain.conditional().stream()
                .map(c -> "v" + files.version(c).map(Version::text).orElse("?") + "\n")
                .collect(Collectors.joining());
    }

    private List<EntryVerdict> run(Chain chain, CachedFileSource files) {
        Run run = verifier.check(chain.sets(), files, bases);
        return run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .map(r -> r.check().verdict())
                .toList();
    }

    /** What the verdicts on these files depend on at a commit: each file's blob, or why it cannot be read. */
    static String key(Collection<FileKey> componentFiles, CachedFileSource cached, RevisionFileSource files) {
        StringBuilder b = new StringBuilder();
        for (FileKey cf : componentFiles) {
            FileLookup f = cached.read(cf.component(), cf.file());
            if (f instanceof FileLookup.Found found) {
                b.append('f').append(found.blobId());
            } else if (f instanceof FileLookup.ObjectsMissing o) {
                b.append('o').append(o.commit());
            } else {
                // a missing file is looked for under other names in the component's tree, and both verdicts name the
                // revision: never shared between commits
                b.append('m').append(files.snapshot().commit());
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static Chain chain(List<Integer> members, List<Entry> all, List<LoadedPatchset> owner) {
        Map<LoadedPatchset, List<Entry>> bySet = new LinkedHashMap<>();
        SortedSet<FileKey> files = new TreeSet<>();
        SortedSet<String> paths = new TreeSet<>();
        for (int i : members) {
            Entry e = all.get(i);
            bySet.computeIfAbsent(owner.get(i), k -> new ArrayList<>()).add(e);
            files.addAll(FileKey.of(e));
            paths.addAll(dependsOn(e));
        }
        List<LoadedPatchset> sets = bySet.entrySet().stream()
                .map(s -> s.getKey().with(s.getKey().patchset().withEntries(s.getValue())))
                .toList();
        List<Entry> upstream = members.stream()
                .map(all::get)
                .filter(e -> e.upstream().hasCommit())
                .toList();
        return new Chain(
                sets,
                members.stream().mapToInt(Integer::intValue).toArray(),
                List.copyOf(files),
                List.copyOf(paths),
                !upstream.isEmpty(),
                upstream.stream().anyMatch(e -> e.component().equals(Component.SUPERPROJECT)),
                members.stream()
                        .map(all::get)
                        .filter(e -> !e.when().always())
                        .map(Entry::component)
                        .distinct()
                        .sorted()
                        .toList(),
                new HashMap<>(),
                new HashMap<>());
    }

    /** The superproject paths an entry's files depend on, for {@link TreeKeys}. */
    static List<String> dependsOn(Entry e) {
        // a component's file: its gitlink (and those above it) and where its URL and path are declared
        return e.component().equals(Component.SUPERPROJECT) ? e.files() : List.of(e.component(), GITMODULES);
    }

    /** Union of entries that share a file of a component. */
    private static int[] link(List<Entry> all) {
        int[] root = new int[all.size()];
        Map<String, Integer> firstOnFile = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            root[i] = i;
            Entry e = all.get(i);
            for (String f : e.files()) {
                Integer other = firstOnFile.putIfAbsent(e.component() + "\0" + f, i);
                if (other != null) {
                    root[find(root, i)] = find(root, other);
                }
            }
        }
        return root;
    }

    private static int find(int[] root, int i) {
        while (root[i] != i) {
            root[i] = root[root[i]];
            i = root[i];
        }
        return i;
    }
}
