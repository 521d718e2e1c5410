package io.patchpin.bisect;

import io.patchpin.core.BadInputException;
import io.patchpin.verify.EntryVerdict;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;

/**
 * Finds the first superproject commit at which an entry stops being ok, in
 * O(log n) verifications over the first-parent history between a good and a
 * bad revision, from object databases only.
 */
public final class Bisector {
    private final Workspace workspace;
    private final Function<ObjectId, EntryVerdict> check;

    /** {@code check} verifies the entry at one superproject commit. */
    public Bisector(Workspace workspace, Function<ObjectId, EntryVerdict> check) {
        this.workspace = workspace;
        this.check = check;
    }

    public BisectResult bisect(String entryId, String goodSpec, String badSpec) {
        ObjectId good = workspace.resolve("--good", goodSpec);
        ObjectId bad = workspace.resolve("--bad", badSpec);
        List<RevCommit> history = FirstParentHistory.between(workspace.superRepository(), good, bad, goodSpec, badSpec);
        int checks = 0;
        EntryVerdict atGood = check.apply(good);
        checks++;
        if (!atGood.verdict().isOk()) {
            throw new BadInputException("--good", 0, "entry '" + entryId + "' is not ok at '" + goodSpec + "' ("
                    + atGood.verdict() + ": " + atGood.detail() + ")");
        }
        EntryVerdict atBad = history.isEmpty() ? atGood : check.apply(bad);
        checks++;
        if (atBad.verdict().isOk()) {
            throw new BadInputException("--bad", 0, "entry '" + entryId + "' is still ok at '" + badSpec + "' ("
                    + atBad.verdict() + ")");
        }
        int lo = 0;
        int hi = history.size() - 1; // history[hi] is bad
        EntryVerdict firstBad = atBad;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            EntryVerdict v = check.apply(history.get(mid));
            checks++;
            if (v.verdict().isOk()) {
                lo = mid + 1;
            } else {
                hi = mid;
                firstBad = v;
            }
        }
        return describe(entryId, history.get(hi), hi == 0 ? good : history.get(hi - 1), firstBad, history.size(), checks);
    }

    private BisectResult describe(String entryId, RevCommit first, ObjectId before, EntryVerdict verdict, int candidates,
            int checks) {
        RevCommit c = workspace.commit(first);
        PersonIdent a = c.getAuthorIdent();
        String component = verdict.component();
        String after = componentCommit(first, component);
        String prior = componentCommit(before, component);
        return new BisectResult(entryId, c.name(), c.getShortMessage(), a.getName() + " <" + a.getEmailAddress() + ">",
                DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(a.getWhenAsInstant().atOffset(a.getZoneOffset())),
                component, prior, after, verdict.verdict().name(), verdict.detail(), candidates, checks);
    }

    private String componentCommit(ObjectId superCommit, String component) {
        return workspace.snapshot(superCommit).component(component).map(Component::commit).orElse(null);
    }
}
