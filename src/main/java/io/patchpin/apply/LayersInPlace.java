package io.patchpin.apply;

import io.patchpin.check.Verdict;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the layers below the sets to apply are in the work tree already
 * (applied by patchpin, or committed as TheRock's therockbot commits): every
 * entry of a layer must be there, else the upper set would be applied on a
 * tree it was not sealed on.
 */
final class LayersInPlace {
    private LayersInPlace() {}

    /** One line per layer not in place, naming its first entry that is not there; empty when all are. */
    static List<String> missing(List<LoadedPatchset> expanded, FileSource workTree) {
        List<LoadedPatchset> layers = expanded.stream().filter(Layers::isLayer).toList();
        Run run = new Verifier().check(layers, workTree, BaseSources.NONE);
        List<String> out = new ArrayList<>();
        for (Run.SetRun s : run.sets()) {
            s.entries().stream()
                    .filter(e -> !there(e.check().verdict().verdict()))
                    .findFirst()
                    .ifPresent(e -> out.add(s.loaded().patchset().name() + " is not in place in the work tree: entry '"
                            + e.entry().id() + "' is " + e.check().verdict().verdict()
                            + " (apply it first, or apply with --with-layers)"));
        }
        return out;
    }

    private static boolean there(Verdict v) {
        return v == Verdict.ALREADY_APPLIED || v == Verdict.MERGED;
    }
}
