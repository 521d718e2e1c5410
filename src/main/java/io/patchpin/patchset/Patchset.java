package io.patchpin.patchset;

import io.patchpin.core.Hashes;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * An ordered list of entries sealed against one base superproject commit,
 * stored as {@code patchsets/<name>/patchset.toml} plus patch files.
 *
 * @param base    40-hex base commit of the workspace root, empty when unknown: allowed only
 *                while every entry is unsealed (a set written for a root whose objects were
 *                nowhere at hand, e.g. PyTorch at a moving nightly); the first rebase sets it
 * @param targets GPU archs, distros this set is for
 * @param env     variables a build with this set needs
 * @param layers  what lies below the set, bottom first (entries are sealed and checked on the tree they leave)
 */
public record Patchset(
        String name,
        String summary,
        Optional<String> base,
        List<String> targets,
        SortedMap<String, String> env,
        List<Entry> entries,
        List<Layer> layers) {

    /** The patchset.toml format of a set without layers: older patchpin builds read it. */
    public static final int FORMAT = 1;
    /** The format of a set with layers, which builds before layers must refuse rather than check on the wrong tree. */
    public static final int LAYERED_FORMAT = 2;

    public Patchset {
        Objects.requireNonNull(name, "name");
        summary = summary == null ? "" : summary;
        base.filter(b -> !Hashes.isObjectId(b)).ifPresent(b -> {
            throw new IllegalArgumentException("base is not a 40-hex commit: " + b);
        });
        targets = List.copyOf(targets);
        env = Collections.unmodifiableSortedMap(new TreeMap<>(env));
        entries = List.copyOf(entries);
        layers = List.copyOf(layers);
        if (base.isEmpty()) {
            entries.stream().filter(e -> e.seal().isPresent()).findFirst().ifPresent(e -> {
                throw new IllegalArgumentException("entry '" + e.id() + "' is sealed but the patchset has no base");
            });
        }
        Set<String> ids = new HashSet<>();
        for (Entry e : entries) {
            if (!ids.add(e.id())) {
                throw new IllegalArgumentException("duplicate entry id '" + e.id() + "'");
            }
        }
    }

    public int format() {
        return layers.isEmpty() ? FORMAT : LAYERED_FORMAT;
    }

    public static Patchset empty(String name, Optional<String> base) {
        return new Patchset(name, "", base, List.of(), new TreeMap<>(), List.of(), List.of());
    }

    /** Whether the base commit is known (else every entry is unsealed). */
    public boolean baseKnown() {
        return base.isPresent();
    }

    /** The first 12 hex digits of the base, or "unknown". */
    public String shortBase() {
        return base.map(Hashes::abbrev).orElse("unknown");
    }

    public Patchset describedAs(String newSummary, List<String> newTargets, Map<String, String> newEnv) {
        return new Patchset(name, newSummary, base, newTargets, new TreeMap<>(newEnv), entries, layers);
    }

    public Optional<Entry> entry(String id) {
        return entries.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    public Patchset withEntries(List<Entry> newEntries) {
        return new Patchset(name, summary, base, targets, env, newEntries, layers);
    }

    public Patchset withBase(String newBase) {
        return new Patchset(name, summary, Optional.of(newBase), targets, env, entries, layers);
    }

    public Patchset withLayers(List<Layer> newLayers) {
        return new Patchset(name, summary, base, targets, env, entries, newLayers);
    }

    public Patchset plus(Entry entry) {
        return withEntries(Stream.concat(entries.stream(), Stream.of(entry)).toList());
    }
}
