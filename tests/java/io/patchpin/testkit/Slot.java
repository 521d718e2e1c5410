package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One place where a fixture's upstream repositories live ({@link TheRockFixture}'s, or another TheRock-shaped
 * layout's): slots of one kind serve the fixtures of that kind.
 *
 * <p>The upstream {@code file://} URLs are committed in {@code .gitmodules}, so
 * the upstream cannot move once built: a slot is built once per JVM at its own
 * fixed folder, and a copy of it is kept as it was built. Each fixture borrows a
 * slot; lending it again puts the kept copy back if the last borrower changed
 * anything in it (a {@link Folders.Stamp} tells). A slot is free again once
 * the root folder of the fixture that borrowed it is gone (JUnit deletes a
 * test's temporary folder after the test), so the next test gets the same
 * upstream, untouched, for the price of a folder walk (a folder copy after a
 * test that changed it) instead of some forty git runs.
 *
 * <p>Clones of an untouched upstream (the recursive work tree, the mirror
 * folder, the bare superproject) are made once per slot and copied; while a
 * test has changed any upstream branch, clones are made by git as before.
 */
public final class Slot {
    private static final Path BASE = Folders.tempUntilExit("patchpin-fixture-");
    /** The slots of each kind, in the order they were built. */
    private static final Map<String, List<Slot>> SLOTS = new HashMap<>();

    private final Path dir;
    private final SortedMap<String, String> builtRefs;
    private Path borrower;
    /** What the live upstream looked like when last built or put back: nothing to put back while it still does. */
    private Folders.Stamp stamp;

    private Slot(Path dir, SortedMap<String, String> builtRefs) {
        this.dir = dir;
        this.builtRefs = builtRefs;
    }

    /**
     * A slot of {@code kind} for the fixture rooted at {@code root}, its upstream as built:
     * a free one restored, or a new one built by {@code build} (given the
     * folder that becomes {@link #upstream()}).
     */
    public static synchronized Slot borrow(String kind, Path root, Consumer<Path> build) {
        Path owner = root.toAbsolutePath().normalize();
        List<Slot> slots = SLOTS.computeIfAbsent(kind, k -> new ArrayList<>());
        for (Slot s : slots) {
            if (s.borrower == null || !Files.exists(s.borrower)) {
                s.restore();
                s.borrower = owner;
                return s;
            }
        }
        Path dir = BASE.resolve(kind + "-" + slots.size());
        Path up = dir.resolve("live/upstream/ROCm");
        build.accept(up);
        Folders.dropSampleHooks(dir.resolve("live"));
        Folders.copy(dir.resolve("live"), dir.resolve("kept"));
        Slot s = new Slot(dir, refs(up));
        s.stamp = Folders.stamp(dir.resolve("live"));
        s.borrower = owner;
        slots.add(s);
        return s;
    }

    /** The upstream repositories' parent folder, {@code .../upstream/ROCm}. */
    public Path upstream() {
        return dir.resolve("live/upstream/ROCm");
    }

    /**
     * Puts at {@code target} what {@code make} makes there from the upstream:
     * a copy of what it made once, while every upstream ref is as built;
     * otherwise {@code make} itself runs at {@code target}. True if it was a copy.
     */
    public boolean clone(String kind, Path target, Consumer<Path> make) {
        if (!refs(upstream()).equals(builtRefs)) {
            make.accept(target);
            return false;
        }
        Path kept = dir.resolve("clones").resolve(kind);
        Folders.makeOnce(kept, make);
        Folders.copy(kept, target);
        return true;
    }

    /** Puts the kept copy back, unless no file or folder of the live upstream changed since it was last put back. */
    private void restore() {
        Path live = dir.resolve("live");
        if (stamp.matches(live)) {
            return;
        }
        Folders.delete(live);
        Folders.copy(dir.resolve("kept"), live);
        stamp = Folders.stamp(live);
    }

    /** HEAD, config and every ref of each upstream repository: what a clone from it depends on. */
    private static SortedMap<String, String> refs(Path up) {
        SortedMap<String, String> out = new TreeMap<>();
        for (Path repo : repositories(up)) {
            Path git = repo.resolve(".git");
            List<Path> files =
                    new ArrayList<>(List.of(git.resolve("HEAD"), git.resolve("config"), git.resolve("packed-refs")));
            try {
                if (Files.isDirectory(git.resolve("refs"))) {
                    try (Stream<Path> refs = Files.walk(git.resolve("refs"))) {
                        refs.filter(Files::isRegularFile).forEach(files::add);
                    }
                }
                for (Path f : files) {
                    if (Files.isRegularFile(f)) {
                        out.put(up.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The repositories directly under {@code up}. */
    private static List<Path> repositories(Path up) {
        try (Stream<Path> dirs = Files.list(up)) {
            return dirs.filter(d -> Files.isDirectory(d.resolve(".git"))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
