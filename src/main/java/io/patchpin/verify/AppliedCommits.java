package io.patchpin.verify;

import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.patch.BlobIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Whether the commits between a component's pin and its HEAD are exactly known edits: what {@code apply --commit} (one
 * commit per entry that changed something) or TheRock's {@code git am} of a patch folder leaves. Matched by tree, so an
 * amended message does not matter but any other change does. Reads objects only.
 */
public final class AppliedCommits {
    /** Commits above the pin at most walked before giving up: a pin is a few patches away, not a branch. */
    private static final int LIMIT = 1000;

    private AppliedCommits() {}

    /** One expected commit: an entry and the files as it leaves them (empty: deleted). */
    public record Step(String id, Map<String, Optional<byte[]>> files) {}

    /**
     * @param held        the entries or patch files the commits hold, in order (empty when HEAD is the pin)
     * @param unexplained "abbrev subject" of each commit no step explains, oldest first (empty: all explained)
     */
    public record Result(List<String> held, List<String> unexplained) {
        public Result {
            held = List.copyOf(held);
            unexplained = List.copyOf(unexplained);
        }

        public boolean explained() {
            return unexplained.isEmpty();
        }
    }

    /** The steps of one component from a run over the files at its pin: entries that apply and change something. */
    public static List<Step> steps(Run run, String component) {
        return run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.entry().component().equals(component)
                        && e.check().appliable()
                        && e.check().verdict().verdict() != Verdict.ALREADY_APPLIED
                        && e.check().verdict().verdict() != Verdict.MERGED)
                .map(e -> new Step(e.entry().id(), e.check().result()))
                .toList();
    }

    /** The commits from pin (excluded) to head, oldest first; empty when head is not pin plus a line of commits. */
    public static Optional<List<RevCommit>> above(Repository repo, String pin, String head) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId stop = ObjectId.fromString(pin);
            List<RevCommit> out = new ArrayList<>();
            RevCommit c = walk.parseCommit(ObjectId.fromString(head));
            while (!c.equals(stop)) {
                if (c.getParentCount() != 1 || out.size() >= LIMIT) {
                    return Optional.empty();
                }
                out.add(0, c);
                c = walk.parseCommit(c.getParent(0));
            }
            return Optional.of(out);
        } catch (MissingObjectException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the history of " + repo.getDirectory(), e);
        }
    }

    /** What {@code match} makes of the commits above the pin, when head is the pin plus a line of commits. */
    private static Result matched(Repository repo, String pin, String head, Function<List<RevCommit>, Result> match) {
        return above(repo, pin, head)
                .map(match)
                .orElseGet(() -> new Result(
                        List.of(),
                        List.of(Hashes.abbrev(head) + " is not the pin " + Hashes.abbrev(pin)
                                + " plus a line of commits")));
    }

    /** Matches each commit above the pin with the next step, by the files it changes and their blob ids. */
    public static Result byEntries(Repository repo, String pin, String head, List<Step> steps) {
        return matched(repo, pin, head, list -> {
            List<String> held = new ArrayList<>();
            List<String> unexplained = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                RevCommit c = list.get(i);
                if (unexplained.isEmpty() && i < steps.size() && matches(repo, c, steps.get(i))) {
                    held.add(steps.get(i).id());
                } else {
                    unexplained.add(describe(c));
                }
            }
            return new Result(held, unexplained);
        });
    }

    /**
     * Matches TheRock's {@code git am} of a patch folder, checked by its .smrev digest elsewhere: exactly
     * {@code patches} commits, each committed by therockbot.
     */
    public static Result byTheRockPatches(Repository repo, String pin, String head, List<String> patchNames) {
        return matched(repo, pin, head, list -> {
            List<String> unexplained = IntStream.range(0, list.size())
                    .filter(i -> i >= patchNames.size()
                            || !"therockbot"
                                    .equals(list.get(i).getCommitterIdent().getName()))
                    .mapToObj(i -> describe(list.get(i)))
                    .toList();
            return new Result(
                    unexplained.isEmpty() && list.size() == patchNames.size() ? patchNames : List.of(),
                    list.size() < patchNames.size() && unexplained.isEmpty()
                            ? List.of("only " + list.size() + " of " + patchNames.size() + " patches committed")
                            : unexplained);
        });
    }

    private static boolean matches(Repository repo, RevCommit c, Step step) {
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.setRecursive(true);
            tw.addTree(c.getParent(0).getTree());
            tw.addTree(c.getTree());
            tw.setFilter(TreeFilter.ANY_DIFF);
            Set<String> changed = DiffEntry.scan(tw).stream()
                    .map(d -> d.getChangeType() == DiffEntry.ChangeType.DELETE ? d.getOldPath() : d.getNewPath())
                    .collect(Collectors.toSet());
            if (!step.files().keySet().containsAll(changed)) {
                return false;
            }
            for (Map.Entry<String, Optional<byte[]>> f : step.files().entrySet()) {
                Optional<String> blob = blobAt(repo, c, f.getKey());
                if (!blob.equals(f.getValue().map(BlobIds::of))) {
                    return false;
                }
            }
            return !changed.isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read commit " + c.name(), e);
        }
    }

    private static Optional<String> blobAt(Repository repo, RevCommit c, String path) throws IOException {
        try (TreeWalk tw = TreeWalk.forPath(repo, path, c.getTree())) {
            return tw == null ? Optional.empty() : Optional.of(tw.getObjectId(0).name());
        }
    }

    static String describe(RevCommit c) {
        return c.abbreviate(12).name() + " " + c.getShortMessage();
    }
}
