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
import io.patchpin.workspace.RevisionFileSource;
import java.util.Optional;

/**
 * A FILE_MISSING verdict at a revision names the file's new path when git's
 * rename detection finds one between the patchset's base and the revision.
 */
final class RenameHint {
    private RenameHint() {}

    static Check add(Entry e, Check c, EntryInput in, Optional<FileSource> base) {
        if (c.verdict().verdict() != Verdict.FILE_MISSING
                || base.isEmpty()
                || !(base.get() instanceof RevisionFileSource atBase)
                || !(in.source() instanceof RevisionFileSource atRev)) {
            return c;
        }
        for (String file : e.files()) {
            if (!(in.files().get(file) instanceof FileLookup.FileMissing)) {
                continue;
            }
            Optional<RenameDetection.Renamed> r =
                    RenameDetection.of(atBase.snapshot(), atRev.snapshot(), e.component(), file);
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
