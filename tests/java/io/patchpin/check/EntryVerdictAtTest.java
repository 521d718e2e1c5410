package io.patchpin.check;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A verdict reused at another commit names that commit only where its reason was recorded to name the revision. */
class EntryVerdictAtTest {
    private static final String CHECKED = "12b6cf661f3d" + "0".repeat(28);
    private static final String SHOWN = "39e17cef7103" + "1".repeat(28);

    @Test
    void onlyTheRecordedPlacesAreRebuiltNotTheSameHexQuotedElsewhere() {
        String reason = "'12b6cf661f3d' not found (revision 12b6cf661f3d)";
        EntryVerdict v = verdict(reason, RevisionMention.atEnd(reason.substring(0, reason.length() - 1), CHECKED))
                .withNote("; below it, layer therock:x: no patches/x at 12b6cf661f3d", RevisionMention.NONE)
                .prefixed(Verdict.FILE_MISSING, "upstream: keep it; ");

        EntryVerdict at = v.at(SHOWN);

        assertThat(at.reason())
                .isEqualTo("upstream: keep it; '12b6cf661f3d' not found (revision 39e17cef7103)"
                        + "; below it, layer therock:x: no patches/x at 12b6cf661f3d");
        assertThat(at.at(CHECKED).reason()).isEqualTo(v.reason());
        assertThat(v.at(CHECKED)).isSameAs(v);
    }

    @Test
    void aMentionThatDoesNotFitTheReasonIsAFault() {
        assertThatThrownBy(() -> verdict("revision 12b6cf661f3d", new RevisionMention(CHECKED, List.of(0))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static EntryVerdict verdict(String reason, RevisionMention mention) {
        return new EntryVerdict(
                "e", Entry.Kind.REWRITE, "c", List.of("f"), Verdict.FILE_MISSING, reason, Evidence.NONE, true, mention);
    }
}
