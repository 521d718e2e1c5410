package io.patchpin.verify;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Upstream;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;

/**
 * Drop-gating for entries that name their upstream commit: such an entry is MERGED (droppable) only when that commit is
 * an ancestor of the component's commit at the revision and the edit is ALREADY_APPLIED there. "Upstream has it" is not
 * enough: TheRock once dropped two LLVM patches whose reland was upstream but not yet in its LLVM pin, and its CI
 * broke. Reads objects only.
 */
public final class UpstreamGate {
    private UpstreamGate() {}

    /** Whether the component's pin holds the upstream commit. */
    public enum Standing {
        /** the upstream commit is an ancestor of (or is) the component's commit */
        IN_PIN,
        /** the upstream commit is here but not an ancestor of the component's commit */
        NOT_IN_PIN,
        /** the upstream commit is not in the component's objects here */
        UNKNOWN_COMMIT,
        /** the component or its objects are not here */
        NO_COMPONENT
    }

    /** A standing with the two commits it compared (the component's may be null). */
    public record Judgement(Standing standing, String upstream, String pin) {
        /** Whether an entry with this judgement may be dropped when its edit is already there. */
        public boolean droppable() {
            return standing == Standing.IN_PIN;
        }

        /** One line for people, e.g. "merged upstream in abc123 but not in this pin yet (def456)". */
        public String describe() {
            String u = Hashes.abbrev(upstream);
            return switch (standing) {
                case IN_PIN -> "upstream commit " + u + " is in this pin (" + Hashes.abbrev(pin) + ")";
                case NOT_IN_PIN -> "merged upstream in " + u + " but not in this pin yet (" + Hashes.abbrev(pin) + ")";
                case UNKNOWN_COMMIT ->
                    "upstream commit " + u + " is not in the objects here: cannot tell whether this pin ("
                            + Hashes.abbrev(pin) + ") has it";
                case NO_COMPONENT -> "upstream commit " + u + ": the component's objects are not here";
            };
        }

        /** {@code v} weighed by this judgement; unchanged when the component's objects are not here. */
        public EntryVerdict gate(EntryVerdict v) {
            if (standing == Standing.NO_COMPONENT) {
                return v;
            }
            if (v.verdict() == Verdict.ALREADY_APPLIED && droppable()) {
                return v.prefixed(Verdict.MERGED, describe() + " and the edit is there: droppable; ");
            }
            String note = standing == Standing.IN_PIN
                    ? describe() + " yet the edit is not there: keep it"
                    : describe() + ": keep it";
            return v.prefixed(v.verdict(), note + "; ");
        }
    }

    /**
     * The judgement for an entry that names an upstream commit, asking {@code ancestry} (history remembers its
     * answers); empty when it names none.
     */
    public static Optional<Judgement> judge(Entry e, Snapshot snapshot, Ancestry ancestry) {
        Upstream u = e.upstream();
        if (!u.hasCommit()) {
            return Optional.empty();
        }
        Optional<Component> c = snapshot.component(e.component());
        Optional<Repository> repo = snapshot.repository(e.component());
        if (c.isEmpty() || repo.isEmpty()) {
            return Optional.of(new Judgement(
                    Standing.NO_COMPONENT, u.commit(), c.map(Component::commit).orElse(null)));
        }
        String pin = c.get().commit();
        try (ObjectReader reader = repo.get().newObjectReader()) {
            List<ObjectId> commits = new ArrayList<>();
            for (ObjectId id : reader.resolve(AbbreviatedObjectId.fromString(u.commit()))) {
                if (reader.open(id).getType() == Constants.OBJ_COMMIT) {
                    commits.add(id);
                }
            }
            if (commits.size() != 1) {
                return Optional.of(new Judgement(Standing.UNKNOWN_COMMIT, u.commit(), pin));
            }
            boolean in = ancestry.holds(repo.get(), ObjectId.fromString(pin), commits.get(0));
            return Optional.of(new Judgement(
                    in ? Standing.IN_PIN : Standing.NOT_IN_PIN, commits.get(0).name(), pin));
        } catch (MissingObjectException e2) {
            return Optional.of(new Judgement(Standing.UNKNOWN_COMMIT, u.commit(), pin));
        } catch (IOException e2) {
            throw new UncheckedIOException("cannot read the history of " + e.component(), e2);
        }
    }

    /** The verdict of {@code e} once its upstream record is weighed; unchanged for entries naming no commit. */
    public static EntryVerdict gate(Entry e, EntryVerdict v, Snapshot snapshot, Ancestry ancestry) {
        return judge(e, snapshot, ancestry).map(j -> j.gate(v)).orElse(v);
    }

    /**
     * The report of {@code run} with every entry's verdict gated against the components of {@code snapshot}.
     * {@code report}'s sets are the run's, in order; what it says already (a failing layer blamed) is kept.
     */
    public static Report apply(Run run, Report report, Snapshot snapshot) {
        List<Report.SetReport> sets = new ArrayList<>();
        for (int s = 0; s < run.sets().size(); s++) {
            List<Entry> entries = run.sets().get(s).entries().stream()
                    .map(Run.EntryRun::entry)
                    .toList();
            Report.SetReport old = report.patchsets().get(s);
            sets.add(old.with(gate(entries, old.entries(), snapshot, Ancestry.walk())));
        }
        return Report.of(report.rev(), sets);
    }

    /** The verdicts of {@code entries}, in their order, each gated. */
    public static List<EntryVerdict> gate(
            List<Entry> entries, List<EntryVerdict> verdicts, Snapshot snapshot, Ancestry ancestry) {
        return IntStream.range(0, entries.size())
                .mapToObj(i -> gate(entries.get(i), verdicts.get(i), snapshot, ancestry))
                .toList();
    }
}
