package io.patchpin.impact;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.Digests;
import io.patchpin.core.ReadLimit;
import io.patchpin.core.Settings;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockRepositories;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verification;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Blobs;
import io.patchpin.workspace.CommitFileSource;
import io.patchpin.workspace.RenameDetection;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * The bump-impact operation behind {@code lock diff OLD NEW DIR...}: for each moved component that entries are on, one
 * path-filtered walk of the range, the entries each commit touches with the lines it changed near their place, and
 * every entry's verdict at NEW (verify's, at the new superproject commit).
 */
public final class BumpImpact {
    private BumpImpact() {}

    /** @param diff the diff of {@code oldLock} and {@code newLock} */
    public record Request(Lock oldLock, Lock newLock, LockDiff diff, List<LoadedPatchset> sets) {
        public Request {
            sets = List.copyOf(sets);
        }
    }

    public static Impact run(Workspace ws, Request r) {
        Report atNew = Verification.run(ws, r.sets(), Optional.of(r.newLock().superproject()), new Digests())
                .report();
        Map<String, EntryVerdict> verdicts = new HashMap<>();
        atNew.patchsets().forEach(s -> s.entries().forEach(v -> verdicts.put(EntryChecks.key(s.name(), v.id()), v)));
        SortedSet<String> onEntries = new TreeSet<>();
        r.sets().forEach(s -> s.patchset().entries().forEach(e -> onEntries.add(e.component())));
        LockRepositories repos = new LockRepositories(ws, List.of(r.newLock(), r.oldLock()));
        List<Impact.ComponentImpact> out = new ArrayList<>();
        SortedSet<String> moved = new TreeSet<>();
        for (LockDiff.Move m : r.diff().moved()) {
            if (!onEntries.contains(m.path())) {
                continue;
            }
            moved.add(m.path());
            List<LoadedPatchset> only = ComponentFilter.of(List.of(m.path())).only(r.sets());
            String url = r.newLock().component(m.path()).flatMap(LockEntry::url).orElse(null);
            out.add(component(repos, m, url, only, verdicts, ws.settings()));
        }
        int unmoved = (int) r.sets().stream()
                .flatMap(s -> s.patchset().entries().stream())
                .filter(e -> !moved.contains(e.component()))
                .count();
        return new Impact(r.diff(), r.newLock().superproject(), out, unmoved, atNew);
    }

    /** One moved component; without its objects, its entries at NEW only. */
    private static Impact.ComponentImpact component(
            LockRepositories repos,
            LockDiff.Move m,
            String url,
            List<LoadedPatchset> sets,
            Map<String, EntryVerdict> verdicts,
            Settings settings) {
        ObjectId from = ObjectId.fromString(m.oldCommit());
        ObjectId to = ObjectId.fromString(m.newCommit());
        Optional<Repository> repo = repos.holding(m.path(), from, to);
        SortedSet<String> files = new TreeSet<>();
        sets.forEach(s -> s.patchset().entries().forEach(e -> files.addAll(e.files())));
        SortedMap<String, String> renamed = new TreeMap<>();
        List<Impact.Touch> touches = new ArrayList<>();
        Map<String, EntryVerdict> atOld = new HashMap<>();
        if (repo.isPresent()) {
            renamed.putAll(renames(repo.get(), from, to, files, m.path()));
            files.addAll(renamed.values());
            EntryChecks checks = new EntryChecks(repo.get(), m.path(), sets, settings);
            TouchingCommits.walk(repo.get(), from, to, files)
                    .forEach(f -> touches.add(touch(repo.get(), f, sets, checks, renamed, settings.readLimit())));
            atOld.putAll(checks.at(m.oldCommit()));
        }
        List<Impact.EntryOutcome> outcomes = new ArrayList<>();
        forEachEntry(sets, (set, e) -> {
            String key = EntryChecks.key(set, e.id());
            EntryVerdict before = atOld.get(key);
            outcomes.add(new Impact.EntryOutcome(
                    set,
                    e.id(),
                    before == null ? null : before.verdict(),
                    verdicts.get(key),
                    cause(touches, set, e.id())));
        });
        return new Impact.ComponentImpact(
                m.path(),
                url,
                m.oldCommit(),
                m.newCommit(),
                repo.isPresent() ? Impact.State.WALKED : Impact.State.OBJECTS_MISSING,
                List.copyOf(files),
                renamed,
                touches,
                outcomes);
    }

    /** Entry files gone at {@code to} whose rename git's detection finds between the two commits. */
    private static SortedMap<String, String> renames(
            Repository repo, ObjectId from, ObjectId to, SortedSet<String> files, String component) {
        SortedMap<String, String> out = new TreeMap<>();
        try {
            ObjectId tree = repo.parseCommit(to).getTree();
            for (String f : files) {
                try (TreeWalk atNew = TreeWalk.forPath(repo, f, tree)) {
                    if (atNew == null) {
                        RenameDetection.of(repo, from, to, f, component).ifPresent(n -> out.put(f, n.newPath()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + component, e);
        }
        return out;
    }

    private static Impact.Touch touch(
            Repository repo,
            TouchingCommits.Found f,
            List<LoadedPatchset> sets,
            EntryChecks checks,
            SortedMap<String, String> renamed,
            ReadLimit limit) {
        Map<String, String> oldPathOf = new HashMap<>();
        renamed.forEach((o, n) -> oldPathOf.put(n, o));
        Map<String, EntryVerdict> before = f.parent() == null ? Map.of() : checks.at(f.parent());
        Map<String, EntryVerdict> after = checks.at(f.commit());
        List<Impact.EntryTouch> touched = new ArrayList<>();
        // a rename shows as the old path deleted and the new one added: one change of the entry's file
        SortedMap<String, TouchingCommits.Blobs> byEntryFile = new TreeMap<>();
        SortedMap<String, String> shownAs = new TreeMap<>();
        for (String path : f.changed().keySet()) {
            String file = oldPathOf.getOrDefault(path, path);
            String renamedTo = renamed.get(file);
            TouchingCommits.Blobs atOld = f.changed().get(file);
            TouchingCommits.Blobs atNew = renamedTo == null ? null : f.changed().get(renamedTo);
            String was =
                    atOld != null && atOld.before() != null ? atOld.before() : atNew == null ? null : atNew.before();
            String now = atNew != null ? atNew.after() : atOld.after();
            byEntryFile.put(file, new TouchingCommits.Blobs(was, now));
            shownAs.put(file, atOld != null && atNew != null ? file + " -> " + renamedTo : path);
        }
        forEachEntry(sets, (set, e) -> {
            String key = EntryChecks.key(set, e.id());
            for (Map.Entry<String, TouchingCommits.Blobs> c : byEntryFile.entrySet()) {
                String file = c.getKey();
                if (!e.files().contains(file)) {
                    continue;
                }
                EntryVerdict was = before.get(key);
                SortedSet<Integer> place =
                        was == null ? new TreeSet<>() : was.evidence().placeLines(file);
                ChangedLines.Near lines = ChangedLines.near(
                        read(repo, c.getValue().before(), limit),
                        read(repo, c.getValue().after(), limit),
                        place);
                touched.add(new Impact.EntryTouch(
                        set,
                        e.id(),
                        shownAs.get(file),
                        was == null ? null : was.verdict(),
                        after.get(key).verdict(),
                        !place.isEmpty(),
                        lines.total(),
                        lines.near()));
            }
        });
        return new Impact.Touch(f.commit(), f.subject(), f.author(), f.time(), touched);
    }

    /** The newest commit after which the entry's class is worse than before it, if any. */
    private static Optional<Impact.Touch> cause(List<Impact.Touch> touches, String set, String id) {
        return touches.stream()
                .filter(t -> t.entries().stream()
                        .anyMatch(e -> e.set().equals(set)
                                && e.id().equals(id)
                                && e.before() != null
                                && rank(e.after().verdictClass())
                                        > rank(e.before().verdictClass())))
                .reduce((older, newer) -> newer);
    }

    private static int rank(VerdictClass c) {
        return switch (c) {
            case SKIPPED, OK -> 0;
            case REVIEW -> 1;
            case BROKEN -> 2;
        };
    }

    private static void forEachEntry(List<LoadedPatchset> sets, BiConsumer<String, Entry> each) {
        sets.forEach(s ->
                s.patchset().entries().forEach(e -> each.accept(s.patchset().name(), e)));
    }

    private static byte[] read(Repository repo, String blob, ReadLimit limit) {
        if (blob == null) {
            return new byte[0];
        }
        try (ObjectReader reader = repo.newObjectReader()) {
            return Blobs.read(
                    limit,
                    reader,
                    ObjectId.fromString(blob),
                    "blob " + blob.substring(0, 12),
                    "in " + repo.getDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read blob " + blob, e);
        }
    }

    /**
     * The verdicts of one component's entries at commits of that component (not pinned by any superproject commit),
     * each commit checked once. Entries run in order as verify runs them; seals are not replayed at the base here, the
     * verdicts at NEW come from verify itself.
     */
    private static final class EntryChecks {
        private final Repository repo;
        private final String component;
        private final List<LoadedPatchset> sets;
        private final Settings settings;
        private final Map<String, Map<String, EntryVerdict>> byCommit = new HashMap<>();

        /** @param sets the patchsets with only the entries on {@code component} */
        EntryChecks(Repository repo, String component, List<LoadedPatchset> sets, Settings settings) {
            this.repo = repo;
            this.component = component;
            this.sets = List.copyOf(sets);
            this.settings = settings;
        }

        /** Verdicts at {@code commit} by {@link #key}. */
        Map<String, EntryVerdict> at(String commit) {
            return byCommit.computeIfAbsent(commit, c -> {
                Run run = new Verifier()
                        .check(
                                sets,
                                new CommitFileSource(component, repo, ObjectId.fromString(c), settings),
                                base -> Optional.empty());
                Map<String, EntryVerdict> out = new HashMap<>();
                run.sets().forEach(s -> s.entries()
                        .forEach(e -> out.put(
                                key(s.loaded().patchset().name(), e.entry().id()),
                                e.check().verdict())));
                return out;
            });
        }

        static String key(String set, String id) {
            return set + "\u0000" + id;
        }
    }
}
