package io.patchpin.rebase;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Layer;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LayerBase;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.MissingLayers;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files at a revision as a layered set's layers leave them (their entries run in order, in memory, TheRock's
 * {@code patches/<tag>} as that revision holds it): what the set is checked and sealed on. A layer's entry that is not
 * ok there is reported; one that does not apply leaves its files as they were, and the set's entries on those files
 * cannot be checked honestly (they are {@link Below#blocked}). The tree is sealing's ({@link LayerBase}); what differs
 * is what is said of the layers: here each entry not ok is an outcome of the rebase, there a reason to refuse a seal.
 */
final class LayerRun {
    /**
     * @param outcomes one per layer entry that is not ok at the revision, named {@code layer:<set>/<id>}
     * @param blocked  each file a layer entry could not apply to, with why, as the set's entries on it say it
     */
    record Below(FileSource files, List<Outcome> outcomes, SortedMap<FileKey, EntryVerdict> blocked) {
        Below {
            outcomes = List.copyOf(outcomes);
            blocked = new TreeMap<>(blocked);
        }
    }

    private LayerRun() {}

    /** What {@code set}'s layers leave at {@code at}. */
    static Below of(LoadedPatchset set, Snapshot at, BaseSources bases) {
        LayerBase layers = Verifier.layerBase(set, at, bases);
        List<Outcome> outcomes = new ArrayList<>();
        SortedMap<FileKey, EntryVerdict> blocked = new TreeMap<>();
        for (Run.SetRun s : layers.run().sets()) {
            String name = s.loaded().patchset().name();
            for (Run.EntryRun r : s.entries()) {
                EntryVerdict v = r.check().verdict();
                if (v.verdict().isOk()) {
                    continue;
                }
                outcomes.add(new Outcome(
                        name + "/" + r.entry().id(),
                        r.entry().kind(),
                        r.entry().component(),
                        Optional.of(v.verdict()),
                        Action.LAYER,
                        v.detail()));
                // objects that are not here say so on the entries above as well, as their own verdict
                if (!r.check().appliable() && v.verdict() != Verdict.OBJECTS_MISSING) {
                    EntryVerdict named =
                            v.withReason(name + " entry '" + r.entry().id() + "' is " + v.verdict());
                    r.entry()
                            .files()
                            .forEach(f ->
                                    blocked.putIfAbsent(new FileKey(r.entry().component(), f), named));
                }
            }
        }
        // a TheRock layer the revision does not hold is checked without, as verify does, and said
        for (MissingLayers.Missing m : layers.missing()) {
            String tag = m.layer().tag().orElseThrow();
            outcomes.add(new Outcome(
                    Layers.PREFIX + tag,
                    Layer.THEROCK_ENTRIES,
                    Component.SUPERPROJECT,
                    Optional.of(Verdict.LAYER_MISSING),
                    Action.LAYER,
                    m.problem(MissingLayers.where(at.commit())) + ": the set is checked and sealed without it"));
        }
        return new Below(layers.files(), outcomes, blocked);
    }
}
