package io.patchpin.verify;

import io.patchpin.core.BadInputException;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** The components a command is limited to ({@code --component PATH}, repeatable); none given keeps every component. */
public record ComponentFilter(SortedSet<String> components) {
    public static final ComponentFilter ALL = new ComponentFilter(new TreeSet<>());

    public ComponentFilter {
        components = Collections.unmodifiableSortedSet(new TreeSet<>(components));
    }

    /** From the option's values: trailing slashes dropped, "" and "./" are the superproject. */
    public static ComponentFilter of(Collection<String> paths) {
        SortedSet<String> out = new TreeSet<>();
        for (String p : paths) {
            String s = p.replace('\\', '/').replaceAll("(?<=.)/+$", "");
            if (s.startsWith("./") && s.length() > 2) {
                s = s.substring(2);
            }
            out.add(s.isEmpty() ? "." : s);
        }
        return new ComponentFilter(out);
    }

    public boolean all() {
        return components.isEmpty();
    }

    public boolean keeps(String component) {
        return all() || components.contains(component);
    }

    /** The sets with only the entries on kept components; exit 2 naming a given component no entry is on. */
    public List<LoadedPatchset> only(List<LoadedPatchset> sets) {
        if (all()) {
            return sets;
        }
        SortedSet<String> used = new TreeSet<>();
        sets.forEach(s -> s.patchset().entries().forEach(e -> used.add(e.component())));
        requireKnown(used, "no entry of the patchsets is on it");
        return stack(sets);
    }

    /**
     * Sets expanded with their layers, limited to the kept components as {@link #only} limits the sets named (those
     * were checked against the option already), so {@code --component .} does not check, nor wait for, TheRock's
     * patches to components not asked for. Every set stays, emptied or not: which TheRock layers a revision holds is
     * read from the sets present ({@link MissingLayers}); {@link #shown} hides the empty ones.
     */
    public List<LoadedPatchset> stack(List<LoadedPatchset> expanded) {
        if (all()) {
            return expanded;
        }
        return expanded.stream()
                .map(s -> s.with(s.patchset()
                        .withEntries(s.patchset().entries().stream()
                                .filter(e -> keeps(e.component()))
                                .toList())))
                .toList();
    }

    /** The report without the layer sets {@link #stack} left with no entry. */
    public Report shown(Report report) {
        if (all()) {
            return report;
        }
        return new Report(
                report.rev(),
                report.patchsets().stream()
                        .filter(s -> !s.name().startsWith(Layers.PREFIX)
                                || !s.entries().isEmpty())
                        .toList(),
                report.summary());
    }

    /** The run without those sets too, so that its sets and the report's still go side by side. */
    public Run shown(Run run) {
        if (all()) {
            return run;
        }
        return new Run(
                run.sets().stream()
                        .filter(s -> !Layers.isLayer(s.loaded()) || !s.entries().isEmpty())
                        .toList(),
                run.overlay());
    }

    /** Exit 2 naming the first given component not among {@code known}. */
    public void requireKnown(Collection<String> known, String why) {
        for (String c : components) {
            if (!known.contains(c)) {
                List<String> names = List.copyOf(new TreeSet<>(known));
                String shown = String.join(", ", names.subList(0, Math.min(8, names.size())))
                        + (names.size() > 8 ? " and " + (names.size() - 8) + " more" : "");
                throw new BadInputException("--component", 0, c + ": " + why + " (known: " + shown + ")");
            }
        }
    }
}
