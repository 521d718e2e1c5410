package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import io.patchpin.patch.NewPatch;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/** The files of a patchset's base with its entries applied in order, in memory: what a new or exported entry sees. */
public final class BaseReplay implements NewPatch.Base {
    private final EntryCheckers checkers = new EntryCheckers();
    private final FileSource base;
    private final Patchset patchset;
    private final Path dir;
    /** component -> path -> content (empty = deleted) changed by replayed entries. */
    private final Map<String, Map<String, Optional<byte[]>>> changed = new TreeMap<>();
    /** "component\0file" -> executable bit set or cleared by replayed entries. */
    private final Map<String, Boolean> modes = new TreeMap<>();
    /** "component\0file" -> why its content at the base after the earlier entries is not known. */
    private final Map<String, String> unknown = new TreeMap<>();

    public BaseReplay(FileSource base, Patchset patchset, Path dir) {
        this.base = base;
        this.patchset = patchset;
        this.dir = dir;
    }

    public Settings settings() {
        return base.settings();
    }

    /** The current lookup of a file: base content, or what replayed entries made of it. */
    @Override
    public FileLookup read(String component, String file) {
        Map<String, Optional<byte[]>> c = changed.get(component);
        if (c != null && c.containsKey(file)) {
            return c.get(file)
                    .<FileLookup>map(b -> new FileLookup.Found(b, null))
                    .orElse(new FileLookup.FileMissing());
        }
        return base.read(component, file);
    }

    /** Whether the file is executable now: as replayed entries left it, else as at the base. */
    public boolean executable(String component, String file) {
        Boolean set = modes.get(key(component, file));
        return set != null ? set : base.executable(component, file);
    }

    private static String key(String component, String file) {
        return component + "\0" + file;
    }

    private void changed(String component, Check check) {
        record(component, check.result());
        recordModes(component, check.executable());
    }

    /** Records the modes an entry applied outside the replay sets. */
    public void recordModes(String component, Map<String, Boolean> executable) {
        executable.forEach((f, x) -> modes.put(key(component, f), x));
    }

    public EntryInput input(String component, Collection<String> files) {
        Map<String, FileLookup> looks = new TreeMap<>();
        files.forEach(f -> looks.put(f, read(component, f)));
        return new EntryInput(looks, base, patchset, dir);
    }

    /** Applies {@code entry} on top of what was replayed so far; an entry that does not apply is bad input. */
    public Check apply(Entry entry) {
        Check check = checkers.check(entry, input(entry.component(), entry.files()));
        if (!check.appliable()) {
            throw notApplying(entry, check);
        }
        changed(entry.component(), check);
        return check;
    }

    private BadInputException notApplying(Entry entry, Check check) {
        return new BadInputException(
                dir.toString(),
                0,
                "entry '" + entry.id() + "' does not apply at the base: "
                        + check.verdict().verdict() + " " + check.verdict().detail());
    }

    /**
     * Like {@link #apply}, but an unsealed entry that cannot be replayed (its component's objects are not here, or it
     * does not apply) is skipped: the files it touches are marked unknown, so entries after it on those files cannot be
     * sealed either ({@link #unknownWhy}). A sealed entry that does not apply is still bad input.
     */
    public Optional<Check> applyOrSkipUnsealed(Entry entry) {
        Optional<String> unknown = unknownWhy(entry.component(), entry.files());
        if (entry.seal().isEmpty() && unknown.isPresent()) {
            markUnknown(entry, unknown.get());
            return Optional.empty();
        }
        Check check = checkers.check(entry, input(entry.component(), entry.files()));
        if (check.appliable()) {
            changed(entry.component(), check);
            return Optional.of(check);
        }
        if (entry.seal().isPresent()) {
            throw notApplying(entry, check);
        }
        markUnknown(
                entry,
                "entry '" + entry.id() + "' before it is unsealed and cannot be replayed at the base ("
                        + check.verdict().verdict() + ")");
        return Optional.empty();
    }

    /** Marks the files of an entry that was not replayed as unknown, with the reason. */
    public void markUnknown(Entry entry, String why) {
        entry.files().forEach(f -> markUnknown(entry.component(), f, why));
    }

    /** Marks one file unknown, with the reason (a layer entry below the set could not be replayed on it). */
    public void markUnknown(String component, String file, String why) {
        unknown.putIfAbsent(key(component, file), why);
    }

    /** Why some of these files are not known at the base after the earlier entries, if so. */
    @Override
    public Optional<String> unknownWhy(String component, Collection<String> files) {
        return files.stream()
                .map(f -> unknown.get(key(component, f)))
                .filter(Objects::nonNull)
                .findFirst();
    }

    /** Records files changed by an entry applied outside the replay (a new entry not yet on disk). */
    public void record(String component, Map<String, Optional<byte[]>> files) {
        changed.computeIfAbsent(component, k -> new TreeMap<>()).putAll(files);
    }

    public FileSource base() {
        return base;
    }

    public Path dir() {
        return dir;
    }
}
