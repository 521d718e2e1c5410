package io.patchpin.bisect;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.MissingLayers;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verification;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.jgit.lib.ObjectId;

/**
 * Verifies one entry of a patchset at a superproject commit, from objects only: the entries before it in the set run
 * first (entries apply in order), the ones after it are left out.
 */
public final class EntryAtCommit implements Function<ObjectId, EntryVerdict> {
    private final Workspace workspace;
    private final LoadedPatchset prefix;
    private final BaseSources bases;

    public EntryAtCommit(Workspace workspace, LoadedPatchset set, String entryId) {
        this.workspace = workspace;
        Patchset ps = set.patchset();
        List<Entry> entries = ps.entries();
        int at = entries.stream().map(Entry::id).toList().lastIndexOf(entryId);
        if (at < 0) {
            throw new BadInputException("--entry", 0, "no entry '" + entryId + "' in " + set.dir());
        }
        this.prefix = set.with(ps.withEntries(entries.subList(0, at + 1)));
        Map<String, Optional<FileSource>> cache = new ConcurrentHashMap<>();
        BaseSources all = Verification.bases(workspace);
        this.bases = commit -> cache.computeIfAbsent(commit, all::at);
    }

    @Override
    public EntryVerdict apply(ObjectId commit) {
        Snapshot at = workspace.snapshot(commit);
        // a set with layers is checked on the tree its layers leave at this commit
        List<LoadedPatchset> sets = Layers.expand(List.of(prefix), at, Optional.empty());
        Run run = new Verifier().check(sets, at.files(), bases);
        List<Run.EntryRun> entries = run.sets().get(run.sets().size() - 1).entries();
        EntryVerdict v = entries.get(entries.size() - 1).check().verdict();
        // a TheRock layer absent here is not silent: the entry was checked without it
        for (MissingLayers.Missing m : MissingLayers.find(sets)) {
            if (m.above().contains(sets.size() - 1)) {
                v = v.withReason(v.reason() + "; below it, " + m.problem(MissingLayers.where(at.commit())));
            }
        }
        return v;
    }
}
