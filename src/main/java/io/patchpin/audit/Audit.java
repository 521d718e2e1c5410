package io.patchpin.audit;

import io.patchpin.apply.CommittedFileSource;
import io.patchpin.check.Verdict;
import io.patchpin.core.Digests;
import io.patchpin.gitstatus.WorkTreeStatus;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.PatchedState;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Overlay;
import io.patchpin.verify.Report;
import io.patchpin.verify.Verification;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.lib.Repository;

/**
 * The audit operation: every difference between each component's work tree and its checked-out commit is explained by
 * the entries (the work-tree file is in a state the entries produce from the committed file) or listed as unrecorded
 * with its lines; entries not applied are listed; with a lock, components at another commit than pinned are named.
 * Reads only.
 */
public final class Audit {
    private Audit() {}

    /**
     * @param lock the lock to compare commits with, or empty for the checked-out commits
     * @param only the components audited ({@code --component}), all when empty
     */
    public record Request(Optional<Lock> lock, List<Path> dirs, ComponentFilter only) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /**
     * Work trees are walked in the background while the patchsets are read and checked on this thread; a
     * failure anywhere is reported as if the steps had run one after the other (patchsets, components,
     * work trees, entries at the committed files, entries in the work tree).
     */
    public static AuditReport run(Workspace ws, Request request) {
        WorkTreeFileSource tree = new WorkTreeFileSource(ws);
        Attempt<SortedMap<String, String>> components = Attempt.of(() -> {
            SortedMap<String, String> pinned = pinned(ws, request.lock());
            request.only()
                    .requireKnown(
                            pinned.keySet(), request.lock().isPresent() ? "not in the lock" : "not a component here");
            pinned.keySet().removeIf(c -> !request.only().keeps(c));
            return pinned;
        });
        SortedMap<String, Path> dirs = new TreeMap<>();
        components.orElse(new TreeMap<>()).keySet().forEach(c -> tree.componentDir(c)
                .ifPresent(d -> dirs.put(c, d)));
        try (WorkTreeStatus.Reading reading = WorkTreeStatus.start(List.copyOf(dirs.values()), ws.superRepository());
                CommittedFileSource committed = new CommittedFileSource(tree)) {
            List<LoadedPatchset> sets =
                    request.dirs().stream().map(LoadedPatchset::read).toList();
            SortedMap<String, String> pinned = components.get();
            PatchedState state = request.lock()
                    .map(l -> new PatchedState(ws, l, request.dirs()))
                    .orElse(null);
            // both verifications read the same entries at the same base contents: one memory of digests
            Digests digests = new Digests();
            // a layer's edits are the set's as much as its own: they are explained by the stack, bottom first
            Attempt<Overlay> chain = Attempt.of(() -> new Verifier(digests)
                    .check(Layers.expand(sets, ws.snapshot("HEAD"), ws.workTree()), committed, BaseSources.NONE)
                    .overlay());
            Attempt<List<AuditReport.NotApplied>> notApplied =
                    Attempt.of(() -> notApplied(ws, sets, request.only(), digests));
            List<AuditReport.WrongCommit> wrong = new ArrayList<>();
            List<AuditReport.Patched> patched = new ArrayList<>();
            SortedMap<String, List<String>> changed = new TreeMap<>();
            Iterator<WorkTreeStatus> next = reading.join().iterator();
            for (Map.Entry<String, String> c : pinned.entrySet()) {
                Path dir = dirs.get(c.getKey());
                if (dir == null) {
                    continue;
                }
                WorkTreeStatus s = next.next();
                if (request.lock().isPresent() && !c.getValue().equals(s.head())) {
                    patched(ws, state, request.lock().get(), c.getKey(), dir, s.head())
                            .ifPresentOrElse(
                                    patched::add,
                                    () -> wrong.add(new AuditReport.WrongCommit(c.getKey(), s.head(), c.getValue())));
                }
                changed.put(
                        c.getKey(),
                        s.changed().stream()
                                .filter(f -> !inside(dir.resolve(f), request.dirs()))
                                .filter(f -> !theRockMark(c.getKey(), f, pinned.keySet()))
                                .toList());
            }
            List<AuditReport.Unrecorded> unrecorded = new ArrayList<>();
            int explained = explain(changed, chain.get(), tree, committed, unrecorded);
            return new AuditReport(changed.size(), wrong, unrecorded, notApplied.get(), explained, patched);
        }
    }

    /** Adds each changed file no entry explains to {@code unrecorded}; returns how many the entries explain. */
    private static int explain(
            SortedMap<String, List<String>> changed,
            Overlay overlay,
            WorkTreeFileSource tree,
            CommittedFileSource committed,
            List<AuditReport.Unrecorded> unrecorded) {
        int before = unrecorded.size();
        changed.forEach((component, files) -> files.forEach(f ->
                unexplained(new FileKey(component, f), overlay, tree, committed).ifPresent(unrecorded::add)));
        return changed.values().stream().mapToInt(List::size).sum() - (unrecorded.size() - before);
    }

    /** A value, or the failure computing it, thrown when the value is asked for. */
    private record Attempt<T>(T value, RuntimeException failure) {
        static <T> Attempt<T> of(Supplier<T> step) {
            try {
                return new Attempt<>(step.get(), null);
            } catch (RuntimeException e) {
                return new Attempt<>(null, e);
            }
        }

        T get() {
            if (failure != null) {
                throw failure;
            }
            return value;
        }

        T orElse(T other) {
            return failure == null ? value : other;
        }
    }

    /** The component as patched when its commits above the pin are exactly known edits. */
    private static Optional<AuditReport.Patched> patched(
            Workspace ws, PatchedState state, Lock lock, String component, Path dir, String head) {
        Optional<LockEntry> e = lock.component(component);
        Optional<Path> gitDir = RepositoryLocator.gitDirOf(dir);
        if (e.isEmpty() || head == null || gitDir.isEmpty()) {
            return Optional.empty();
        }
        try (Repository repo = RepositoryLocator.openCheckout(dir).orElseThrow()) {
            var r = state.explain(ws.requireWorkTree("audit"), e.get(), repo, head);
            return r.explained() ? Optional.of(new AuditReport.Patched(component, head, r.held())) : Optional.empty();
        }
    }

    /**
     * Whether {@code file} of {@code component} is TheRock's {@code .<name>.smrev} beside one of the
     * components (what fetch_sources.py and apply --commit --therock write): a build mark, not an edit.
     */
    static boolean theRockMark(String component, String file, Set<String> components) {
        int slash = file.lastIndexOf('/');
        String name = file.substring(slash + 1);
        if (!name.startsWith(".") || !name.endsWith(".smrev") || name.length() <= ".smrev".length() + 1) {
            return false;
        }
        String rel = file.substring(0, slash + 1) + name.substring(1, name.length() - ".smrev".length());
        return components.contains(component.equals(".") ? rel : component + "/" + rel);
    }

    /** Whether a path lies in one of the patchset folders (which are not edits). */
    private static boolean inside(Path file, List<Path> dirs) {
        Path abs = file.toAbsolutePath().normalize();
        return dirs.stream().anyMatch(d -> abs.startsWith(d.toAbsolutePath().normalize()));
    }

    private static SortedMap<String, String> pinned(Workspace ws, Optional<Lock> lock) {
        SortedMap<String, String> out = new TreeMap<>();
        lock.ifPresentOrElse(
                l -> l.components().forEach(e -> out.put(e.path(), e.commit())),
                () -> ws.snapshot("HEAD").components().forEach((path, c) -> out.put(path, c.commit())));
        return out;
    }

    /** The changed file as unrecorded, or empty when one of the states the entries give it explains it. */
    private static Optional<AuditReport.Unrecorded> unexplained(
            FileKey key, Overlay chain, WorkTreeFileSource tree, CommittedFileSource committed) {
        byte[] now = content(tree.read(key.component(), key.file()));
        List<byte[]> states = chain.history(key);
        if (states.stream().anyMatch(s -> Arrays.equals(s, now))) {
            return Optional.empty();
        }
        byte[] expected =
                states.isEmpty() ? content(committed.read(key.component(), key.file())) : states.get(states.size() - 1);
        return Optional.of(new AuditReport.Unrecorded(key.component(), key.file(), lines(expected, now)));
    }

    /** The work-tree line ranges that differ from {@code expected}. */
    static List<String> lines(byte[] expected, byte[] now) {
        if (now == null) {
            return List.of("deleted");
        }
        if (expected == null) {
            return List.of("new file");
        }
        List<String> out = DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM)
                .diff(RawTextComparator.DEFAULT, new RawText(expected), new RawText(now))
                .stream()
                .map(e -> switch (e.getLengthB()) {
                    case 0 -> "lines removed after " + e.getBeginB();
                    case 1 -> String.valueOf(e.getBeginB() + 1);
                    default -> (e.getBeginB() + 1) + "-" + e.getEndB();
                })
                .toList();
        return out.isEmpty() ? List.of("line endings or mode") : out;
    }

    private static List<AuditReport.NotApplied> notApplied(
            Workspace ws, List<LoadedPatchset> sets, ComponentFilter only, Digests digests) {
        if (sets.isEmpty()) {
            return List.of();
        }
        Report r = Verification.run(ws, sets, Optional.empty(), digests).report();
        return r.patchsets().stream()
                .flatMap(s -> s.entries().stream()
                        .filter(v -> v.verdict() != Verdict.ALREADY_APPLIED && only.keeps(v.component()))
                        .map(v -> new AuditReport.NotApplied(
                                s.name(), v.id(), v.kind(), v.component(), v.verdict(), v.detail())))
                .toList();
    }

    private static byte[] content(FileLookup l) {
        return l instanceof FileLookup.Found f ? f.content() : null;
    }
}
