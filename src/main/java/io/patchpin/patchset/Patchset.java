package io.patchpin.patchset;

import io.patchpin.core.Hashes;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An ordered list of entries sealed against one base superproject commit,
 * stored as {@code patchsets/<name>/patchset.toml} plus patch files.
 *
 * @param base    40-hex base superproject commit
 * @param targets GPU archs, distros this set is for
 * @param env     variables a build with this set needs
 */
public record Patchset(String name, String summary, String base, List<String> targets, SortedMap<String, String> env,
        List<Entry> entries) {

    /** The patchset.toml format this build reads and writes. */
    public static final int FORMAT = 1;

    public Patchset {
        Objects.requireNonNull(name, "name");
        summary = summary == null ? "" : summary;
        if (!Hashes.isObjectId(base)) {
            throw new IllegalArgumentException("base is not a 40-hex commit: " + base);
        }
        targets = List.copyOf(targets);
        env = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(env));
        entries = List.copyOf(entries);
        Set<String> ids = new HashSet<>();
        for (Entry e : entries) {
            if (!ids.add(e.id())) {
                throw new IllegalArgumentException("duplicate entry id '" + e.id() + "'");
            }
        }
    }

    public static Patchset empty(String name, String base) {
        return new Patchset(name, "", base, List.of(), new TreeMap<>(Map.of()), List.of());
    }

    public Optional<Entry> entry(String id) {
        return entries.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    public Patchset withEntries(List<Entry> newEntries) {
        return new Patchset(name, summary, base, targets, env, newEntries);
    }

    public Patchset withBase(String newBase) {
        return new Patchset(name, summary, newBase, targets, env, entries);
    }

    /** A new list with {@code entry} appended. */
    public Patchset plus(Entry entry) {
        List<Entry> list = new java.util.ArrayList<>(entries);
        list.add(entry);
        return withEntries(list);
    }
}
