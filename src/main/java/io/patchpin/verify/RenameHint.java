package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.RenameDetection;
import io.patchpin.workspace.Snapshot;
import java.util.Optional;

/**
 * A FILE_MISSING verdict at a revision names the file's new path when git's rename detection finds one between the
 * patchset's base and the revision. Both are asked for the revision they read, not for their class: history reads
 * revisions through a cache, and its details must be verify's.
 */
final class RenameHint {
    private RenameHint() {}

    static Check add(Entry e, Check c, EntryInput in, Optional<FileSource> base) {
        Optional<Snapshot> atBase = base.flatMap(FileSource::revisionSnapshot);
        Optional<Snapshot> atRev = in.source().revisionSnapshot();
        if (c.verdict().verdict() != Verdict.FILE_MISSING || atBase.isEmpty() || atRev.isEmpty()) {
            return c;
        }
        for (String file : e.files()) {
            if (!(in.files().get(file) instanceof FileLookup.FileMissing)) {
                continue;
            }
            Optional<RenameDetection.Renamed> r = RenameDetection.of(atBase.get(), atRev.get(), e.component(), file);
            if (r.isPresent()
                    && !c.verdict().detail().contains("moved to " + r.get().newPath() + " ")) {
                EntryVerdict v = c.verdict();
                String note = "; renamed to " + r.get().newPath() + " ("
                        + r.get().score() + "% similar, git's rename detection since the base)";
                return Check.broken(v.withNote(note, RevisionMention.NONE));
            }
        }
        return c;
    }
}
