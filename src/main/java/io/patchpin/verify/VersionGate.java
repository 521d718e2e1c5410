package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.RevisionMention;
import io.patchpin.core.Version;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileSource;
import java.util.Map;
import java.util.Optional;

/**
 * An entry's {@code when} against its component's version where it is checked: outside the range it is NOT_FOR_VERSION,
 * not checked; where the version cannot be told it is checked as any entry, and says so.
 */
final class VersionGate {
    private VersionGate() {}

    /** NOT_FOR_VERSION when the entry's condition excludes the version read from {@code source}; else empty. */
    static Optional<Check> skipped(Entry e, FileSource source) {
        if (e.when().always()) {
            return Optional.empty();
        }
        Optional<Version> v = source.version(e.component());
        if (v.isEmpty() || e.when().holds(v.get())) {
            return Optional.empty();
        }
        return Optional.of(new Check(
                EntryVerdict.of(
                        e,
                        Verdict.NOT_FOR_VERSION,
                        "not for this version: " + e.component() + " is "
                                + v.get().describe() + ", the entry is for "
                                + e.when().text(),
                        Evidence.NONE),
                Map.of()));
    }

    /** {@code c} with a note when the entry is conditional and the version here is unknown. */
    static Check unknownNoted(Entry e, Check c, FileSource source) {
        if (e.when().always() || source.version(e.component()).isPresent()) {
            return c;
        }
        return new Check(
                c.verdict()
                        .withNote(
                                " (version of " + e.component() + " unknown here: no rocm-*, v* or therock-* tag;"
                                        + " checked although the entry is for "
                                        + e.when().text() + ")",
                                RevisionMention.NONE),
                c.result(),
                c.executable());
    }
}
