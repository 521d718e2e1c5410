package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.audit.AuditReport;
import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.patchset.Entry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The audit text of an in-memory report: every finding kind, with and without details. */
class AuditTextNamesEveryFindingTest {
    @Test
    void everyKindOfFindingHasItsLine() {
        AuditReport r = new AuditReport(
                3,
                List.of(new AuditReport.WrongCommit("base/half", "1111111", "2222222")),
                List.of(new AuditReport.Unrecorded(".", "a.txt", List.of("3-5", "9"))),
                List.of(
                        new AuditReport.NotApplied("s", "plain", Entry.Kind.REWRITE, ".", Verdict.ANCHOR_MISSING, ""),
                        new AuditReport.NotApplied(
                                "s", "told", Entry.Kind.PATCH, ".", Verdict.CONFLICT, "hunk 1 at 3")),
                1,
                List.of(new AuditReport.Patched("x", "3333333", List.of("e1", "e2"))));
        assertThat(AuditText.text(r))
                .isEqualTo(
                        """
                wrong commit  base/half: at 1111111, pinned 2222222
                patched       x: at 3333333, pin plus 2 commit(s) holding e1, e2
                unrecorded    .: a.txt: 3-5, 9
                not applied   s/plain [rewrite] .: ANCHOR_MISSING
                not applied   s/told [patch] .: CONFLICT (hunk 1 at 3)
                audit: 3 component(s) checked; 1 changed file(s) explained, 1 unrecorded, 2 entries not applied, 1 at the wrong commit
                """);
        assertThat(r.clean()).isFalse();
        AuditReport one = new AuditReport(
                1,
                List.of(),
                List.of(),
                List.of(new AuditReport.NotApplied("s", "e", Entry.Kind.INSERT, ".", Verdict.FILE_MISSING, "")),
                0,
                List.of());
        assertThat(AuditText.text(one)).endsWith("0 unrecorded, 1 entry not applied, 0 at the wrong commit\n");
        assertThat(new AuditReport(1, List.of(), List.of(), List.of(), 0, List.of()).exitCode())
                .isEqualTo(ExitCode.OK);
    }
}
