package io.patchpin.testkit;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.RewriteEntry;
import java.util.List;
import java.util.Optional;

/** Entries as values, not yet sealed: no why, links, upstream record or condition. */
public final class Unsealed {
    private Unsealed() {}

    /** A literal rewrite of every match. */
    public static RewriteEntry rewrite(String id, String component, String file, String find, String replace) {
        return rewrite(id, component, file, find, replace, false, Occurrence.ALL);
    }

    public static RewriteEntry rewrite(
            String id, String component, String file, String find, String replace, boolean regex, Occurrence occ) {
        return new RewriteEntry(common(id, component), file, find, replace, regex, occ, Optional.empty());
    }

    /** An insert of {@code text} after the line a literal {@code anchor} matches. */
    public static InsertEntry insert(String id, String component, String file, String anchor, String text) {
        return new InsertEntry(
                common(id, component), file, anchor, false, InsertEntry.Position.AFTER, text, Optional.empty());
    }

    /** A patch applied at the component root with {@code -p1}, without mail author or subject. */
    public static PatchEntry patch(String id, String component, String patch, List<String> files) {
        return new PatchEntry(common(id, component), patch, "", 1, files, "", "", 0, Optional.empty());
    }

    /** The same entry with {@code why} said about it. */
    @SuppressWarnings("unchecked") // each kind's with() returns its own kind
    public static <E extends Entry> E why(E entry, String why) {
        return (E) entry.with(Entry.Common.of(entry.id(), entry.component(), why, entry.links()), entry.seal());
    }

    private static Entry.Common common(String id, String component) {
        return Entry.Common.of(id, component, "", List.of());
    }
}
