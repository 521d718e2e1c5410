package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.apply.Applier;
import io.patchpin.audit.AuditReport;
import io.patchpin.author.AddPatch;
import io.patchpin.author.Authoring;
import io.patchpin.bisect.BisectResult;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Until;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.demo.DemoStory;
import io.patchpin.export.DistroExport;
import io.patchpin.export.ExportPatches;
import io.patchpin.history.HistoryReport;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockCheck;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockResult;
import io.patchpin.lock.ManifestLock;
import io.patchpin.lock.SyncResult;
import io.patchpin.lockexport.LockExport;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.rebase.Action;
import io.patchpin.rebase.Outcome;
import io.patchpin.rebase.Rebase;
import io.patchpin.rebase.RebaseResult;
import io.patchpin.sed.SedImport;
import io.patchpin.verify.Report;
import io.patchpin.verify.Verification;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Each operation's result decides its exit code from its own data (DESIGN: exit codes). */
class OperationExitCodesTest {
    private static final String C1 = "1".repeat(40);
    private static final String C2 = "2".repeat(40);
    private static final List<String> NONE = List.of();
    private static final List<String> ONE = List.of("one");

    @Test
    void authoringAlwaysSucceedsWhenItReturns() {
        // an entry written unsealed is a warning on stderr, not a failure
        assertThat(new Authoring.Added(null, false, "objects are not here").exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new Authoring.Added(null, true, "").exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new Authoring.Created(Patchset.empty("set", Optional.of(C1))).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new AddPatch.Result(List.of(), Map.of("p", "objects are not here")).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new Rebase.Aborted(Path.of("set")).exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void bisectFindingTheCommitIsSuccess() {
        BisectResult r = new BisectResult(
                "e",
                Until.NOT_OK,
                new LineCommit(C1, "2025-01-01", "s", "a <a@b>"),
                new BisectResult.ComponentChange(".", Optional.empty(), Optional.empty()),
                Verdict.CONFLICT,
                "",
                new BisectResult.Search(3, 2),
                List.of());
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void exportsAskForReviewWhenAnEntryIsLeftOut() {
        assertThat(new ExportPatches.Result(ONE, NONE).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new ExportPatches.Result(ONE, ONE).exitCode()).isEqualTo(ExitCode.REVIEW);
        assertThat(new DistroExport.Result(new ExportPatches.Result(ONE, NONE), NONE).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new DistroExport.Result(new ExportPatches.Result(ONE, ONE), NONE).exitCode())
                .isEqualTo(ExitCode.REVIEW);
        assertThat(new DistroExport.Result(new ExportPatches.Result(NONE, ONE), ONE).exitCode())
                .isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void importSedIsBadInputWhenALineCannotBeSealed() {
        SedImport.Problem p = new SedImport.Problem(3, "sed -i ...", "why", "try");
        assertThat(new SedImport.Result(List.of(), List.of(), List.of(), List.of()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new SedImport.Result(List.of(), List.of(), List.of(), List.of(p)).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new SedImport.Result(List.of(), List.of(p), List.of(), List.of()).exitCode())
                .isEqualTo(ExitCode.REVIEW);
        assertThat(new SedImport.Result(List.of(), List.of(p), List.of(p), List.of()).exitCode())
                .isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void lockIsBrokenWhenAnOverrideIsUnresolvedOrObjectsAreMissing() {
        LockEntry root = new LockEntry(
                ".", ".", Optional.empty(), Optional.empty(), Optional.empty(), C1, false, true, Optional.empty());
        LockEntry missing = new LockEntry(
                "a", "a", Optional.of("."), Optional.of("u"), Optional.empty(), C2, false, false, Optional.empty());
        LockEntry topology = new LockEntry(
                "t",
                "t",
                Optional.of("."),
                Optional.of("u"),
                Optional.empty(),
                C2,
                false,
                false,
                Optional.of("topology"));
        assertThat(new LockResult(lock(root, topology), List.of(), List.of()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new LockResult(lock(root, missing), List.of(), List.of()).exitCode())
                .isEqualTo(ExitCode.BROKEN);
        assertThat(new LockResult(lock(root), List.of(new LockResult.Problem("a", "no such ref")), List.of())
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
        assertThat(new ManifestLock.Result(lock(root), ManifestLock.Kind.THEROCK, "", ONE).exitCode())
                .isEqualTo(ExitCode.OK);
    }

    @Test
    void lockCheckDiffAndExportAreBrokenOnAnyFinding() {
        assertThat(new LockCheck(2, List.of(), List.of()).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new LockCheck(2, List.of(new LockCheck.Finding("a", LockCheck.Kind.DIRTY, "", ONE)), List.of())
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
        assertThat(new LockDiff(List.of(), List.of(), List.of(), List.of(), List.of()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new LockDiff(List.of(new LockDiff.Pinned("a", C1)), List.of(), List.of(), List.of(), List.of())
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
        assertThat(new LockExport.Result(new byte[0], NONE, Map.of()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new LockExport.Result(new byte[0], ONE, Map.of()).exitCode()).isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void syncIsBrokenWhenRefusedOrFailed() {
        assertThat(new SyncResult(ONE, new TreeMap<>(), Optional.empty()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new SyncResult(NONE, new TreeMap<>(Map.of("a", ONE)), Optional.empty()).exitCode())
                .isEqualTo(ExitCode.BROKEN);
        assertThat(new SyncResult(NONE, new TreeMap<>(), Optional.of(new SyncResult.Failure("a", "cannot fetch")))
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void verdictListsExitWithTheWorstClass() {
        assertThat(report(0, 0).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(report(1, 0).exitCode()).isEqualTo(ExitCode.REVIEW);
        assertThat(report(1, 1).exitCode()).isEqualTo(ExitCode.BROKEN);
        assertThat(new Verification.Result(null, report(1, 0)).exitCode()).isEqualTo(ExitCode.REVIEW);
        assertThat(Applier.Result.refused(report(0, 0), ONE).exitCode()).isEqualTo(ExitCode.BROKEN);

        assertThat(history(Verdict.EXACT, Verdict.OFFSET).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(history(Verdict.EXACT, Verdict.FUZZ).exitCode()).isEqualTo(ExitCode.REVIEW);
        assertThat(history(Verdict.CONFLICT, Verdict.FUZZ).exitCode()).isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void rebaseIsBrokenOnConflictsAndReviewWhenAnEntryNeedsIt() {
        Outcome fuzz = new Outcome("e", Entry.Kind.PATCH, ".", Optional.of(Verdict.FUZZ), Action.RESEALED, "");
        Outcome exact = new Outcome("e", Entry.Kind.PATCH, ".", Optional.of(Verdict.EXACT), Action.RESEALED, "");
        assertThat(new RebaseResult("s", Optional.of(C1), C2, List.of(exact), true, Optional.empty()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new RebaseResult("s", Optional.of(C1), C2, List.of(fuzz), true, Optional.empty()).exitCode())
                .isEqualTo(ExitCode.REVIEW);
        assertThat(new RebaseResult("s", Optional.of(C1), C2, List.of(exact), false, Optional.of(Path.of(".rebase")))
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void auditIsBrokenUnlessClean() {
        assertThat(new AuditReport(1, List.of(), List.of(), List.of(), 1, List.of()).exitCode())
                .isEqualTo(ExitCode.OK);
        assertThat(new AuditReport(
                                1,
                                List.of(new AuditReport.WrongCommit("a", C1, C2)),
                                List.of(),
                                List.of(),
                                0,
                                List.of())
                        .exitCode())
                .isEqualTo(ExitCode.BROKEN);
    }

    @Test
    void theDemoIsAFaultWhenAStepGivesAnUnexpectedCode() {
        assertThat(new DemoStory.Result(0).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(new DemoStory.Result(2).exitCode()).isEqualTo(ExitCode.FAULT);
    }

    @Test
    void theWorseOfTwoCodesRanksBrokenOverReviewOverOk() {
        assertThat(ExitCode.OK.worst(ExitCode.REVIEW)).isEqualTo(ExitCode.REVIEW);
        assertThat(ExitCode.BROKEN.worst(ExitCode.REVIEW)).isEqualTo(ExitCode.BROKEN);
        assertThat(ExitCode.OK.worst(ExitCode.OK)).isEqualTo(ExitCode.OK);
    }

    private static Lock lock(LockEntry... components) {
        return new Lock(Optional.empty(), C1, List.of(), List.of(components), List.of(), List.of());
    }

    private static Report report(int review, int broken) {
        return new Report(null, List.of(), new Report.Summary(2, review, broken, 0));
    }

    /** Two entries; only their verdicts at the last column count. */
    private static HistoryReport history(Verdict first, Verdict second) {
        LineCommit c = new LineCommit(C1, "2025-01-01", "s", "a <a@b>");
        return new HistoryReport(1, 1, false, List.of(c), List.of(row("a", first), row("b", second)), Optional.empty());
    }

    private static HistoryReport.Row row(String id, Verdict v) {
        EntryVerdict cell = new EntryVerdict(id, Entry.Kind.REWRITE, ".", List.of("f"), v, "", null, true, null);
        return new HistoryReport.Row(
                "set", id, Entry.Kind.REWRITE, ".", List.of("f"), List.of(Optional.of(cell)), List.of());
    }
}
