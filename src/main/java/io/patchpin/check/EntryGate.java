package io.patchpin.check;

import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.util.Collection;
import java.util.Optional;

/**
 * What every checker decides before it looks at content, in one place and one wording: the seal still belongs to the
 * entry's definition, and the entry's component and its objects are here.
 */
public final class EntryGate {
    /** The detail of an entry whose definition changed after it was sealed. */
    public static final String SEAL_OUTDATED =
            "entry was edited after it was sealed (definition digest differs);" + " re-add or rebase it";

    private EntryGate() {}

    /** SEAL_BROKEN when the entry was edited after it was sealed, else empty. */
    public static Optional<Check> sealOutdated(Entry e) {
        return e.sealOutdated() ? Optional.of(broken(e, Verdict.SEAL_BROKEN, SEAL_OUTDATED)) : Optional.empty();
    }

    /**
     * COMPONENT_MISSING or OBJECTS_MISSING for the first of {@code lookups} that says so, else empty.
     *
     * @param source where the files were read, named in a COMPONENT_MISSING detail
     */
    public static Optional<Check> unreadable(Entry e, Collection<FileLookup> lookups, FileSource source) {
        for (FileLookup l : lookups) {
            if (l instanceof FileLookup.ComponentMissing cm) {
                String where = source.describe();
                String reason = cm.describe(e.component(), where);
                // the detail ends with where the files were read, unless it says how to check the component out
                RevisionMention named = cm.notCheckedOut()
                        ? RevisionMention.NONE
                        : source.describedRevision().shifted(reason.length() - where.length());
                return Optional.of(
                        Check.broken(EntryVerdict.of(e, Verdict.COMPONENT_MISSING, reason, Evidence.NONE, named)));
            }
            if (l instanceof FileLookup.ObjectsMissing om) {
                return Optional.of(broken(e, Verdict.OBJECTS_MISSING, om.describe(e.component())));
            }
        }
        return Optional.empty();
    }

    /** Both gates: the seal first, then the component and its objects. */
    public static Optional<Check> problem(Entry e, Collection<FileLookup> lookups, FileSource source) {
        return sealOutdated(e).or(() -> unreadable(e, lookups, source));
    }

    private static Check broken(Entry e, Verdict v, String detail) {
        return Check.broken(EntryVerdict.of(e, v, detail, Evidence.NONE));
    }
}
