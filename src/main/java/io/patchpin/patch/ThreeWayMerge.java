package io.patchpin.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.merge.MergeAlgorithm;
import org.eclipse.jgit.merge.MergeChunk;
import org.eclipse.jgit.merge.MergeResult;

/** An in-memory 3-way merge of whole files (JGit's algorithm), like {@code git am -3} does per file. */
public final class ThreeWayMerge {
    private ThreeWayMerge() {}

    /** The merged text, or empty when the merge conflicts. */
    public static Optional<FileLines> merge(FileLines base, FileLines ours, FileLines theirs) {
        MergeResult<RawText> r = result(base, ours, theirs);
        if (r.containsConflicts()) {
            return Optional.empty();
        }
        List<FileLines> seqs = List.of(base, ours, theirs);
        List<String> out = new ArrayList<>();
        for (MergeChunk c : r) {
            out.addAll(seqs.get(c.getSequenceIndex()).lines().subList(c.getBegin(), c.getEnd()));
        }
        return Optional.of(new FileLines(out));
    }

    /** JGit's merge of the three texts, conflicts included, for a caller that shows them. */
    static MergeResult<RawText> result(FileLines base, FileLines ours, FileLines theirs) {
        return new MergeAlgorithm()
                .merge(
                        RawTextComparator.DEFAULT,
                        new RawText(base.bytes()),
                        new RawText(ours.bytes()),
                        new RawText(theirs.bytes()));
    }
}
