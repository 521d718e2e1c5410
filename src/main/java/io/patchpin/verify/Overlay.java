package io.patchpin.verify;

import io.patchpin.check.EntryInput;
import io.patchpin.core.Digests;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Files as the entries run so far left them, over a {@link FileSource} that is read once per file. Keeps each file's
 * history (first the content read, then every change), so apply can tell whether a work-tree file is explained by the
 * entries.
 */
public final class Overlay {
    private final FileSource source;
    private final SortedMap<FileKey, FileLookup> original = new TreeMap<>();
    private final SortedMap<FileKey, FileLookup> current = new TreeMap<>();
    private final SortedMap<FileKey, List<byte[]>> history = new TreeMap<>();
    /** The executable bit of each file an entry set, cleared, deleted or created: else the source's holds. */
    private final SortedMap<FileKey, Boolean> executable = new TreeMap<>();

    public Overlay(FileSource source) {
        this.source = source;
    }

    public FileSource source() {
        return source;
    }

    public FileLookup read(FileKey key) {
        FileLookup f = current.get(key);
        if (f == null) {
            f = source.read(key.component(), key.file());
            original.put(key, f);
            current.put(key, f);
            List<byte[]> h = new ArrayList<>();
            if (f instanceof FileLookup.Found found) {
                h.add(found.content());
            } else if (f instanceof FileLookup.FileMissing) {
                h.add(null); // absent is a state too: an entry that creates the file starts from it
            }
            history.put(key, h);
        }
        return f;
    }

    /** Records the content an entry left (empty: deleted). */
    public void put(FileKey key, Optional<byte[]> content) {
        read(key);
        FileLookup now =
                content.<FileLookup>map(b -> new FileLookup.Found(b, null)).orElse(new FileLookup.FileMissing());
        FileLookup before = current.put(key, now);
        boolean same = before instanceof FileLookup.Found bf
                && content.isPresent()
                && Arrays.equals(bf.content(), content.get());
        if (!same) {
            history.get(key).add(content.orElse(null));
        }
    }

    /**
     * Records what an entry left: each file's content, and the executable bits its patch sets or clears. A file deleted
     * loses its bit, so one created again later is executable only when that entry says so.
     */
    public void put(String component, Map<String, Optional<byte[]>> result, Map<String, Boolean> modes) {
        result.forEach((file, content) -> {
            FileKey key = new FileKey(component, file);
            put(key, content);
            if (content.isEmpty()) {
                executable.put(key, false);
            }
        });
        modes.forEach((file, x) -> executable.put(new FileKey(component, file), x));
    }

    /** Whether the file is executable as the entries left it: their mode change, else the source's bit. */
    public boolean executable(FileKey key) {
        Boolean set = executable.get(key);
        return set != null ? set : source.executable(key.component(), key.file());
    }

    public SortedMap<FileKey, FileLookup> original() {
        return Collections.unmodifiableSortedMap(original);
    }

    public SortedMap<FileKey, FileLookup> current() {
        return Collections.unmodifiableSortedMap(current);
    }

    /** The states a file went through: the content read, then each change (null: deleted). */
    public List<byte[]> history(FileKey key) {
        List<byte[]> h = history.get(key);
        return h == null ? List.of() : Collections.unmodifiableList(h);
    }

    /** What a checker sees of {@code e}, an entry of {@code set}, on these files (without base files). */
    EntryInput input(Entry e, LoadedPatchset set, Digests digests) {
        return new EntryInput(
                inputs(e.component(), e.files()),
                source,
                set.patchset(),
                set.dir(),
                set.patchFiles(),
                Map.of(),
                digests);
    }

    /** The lookups of the given files of one component, for an {@link EntryInput}. */
    public Map<String, FileLookup> inputs(String component, List<String> files) {
        Map<String, FileLookup> out = new TreeMap<>();
        files.forEach(f -> out.put(f, read(new FileKey(component, f))));
        return out;
    }
}
