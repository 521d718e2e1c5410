package io.patchpin.check;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.PatchEntry;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gates before content: the first lookup that says the component or its objects are missing decides. */
class EntryGateTest {
    private static final PatchEntry ENTRY = Unsealed.patch("e", "comp", "e.patch", List.of("a.c"));

    private static final FileSource SOURCE = new NoFiles("work tree");

    @Test
    void anUnsealedEntryWithItsFilesHerePassesBothGates() {
        assertThat(EntryGate.sealOutdated(ENTRY)).isEmpty();
        assertThat(EntryGate.problem(ENTRY, List.of(new FileLookup.FileMissing()), SOURCE))
                .isEmpty();
    }

    @Test
    void aMissingComponentIsNamedWithWhereItWasLookedFor() {
        Check c = EntryGate.problem(
                        ENTRY, List.of(new FileLookup.FileMissing(), new FileLookup.ComponentMissing()), SOURCE)
                .orElseThrow();
        assertThat(c.verdict().verdict()).isEqualTo(Verdict.COMPONENT_MISSING);
        assertThat(c.verdict().reason()).isEqualTo("component comp is not a submodule in the work tree");
    }

    @Test
    void missingObjectsAreNamedByTheirCommit() {
        String commit = "0123456789abcdef0123456789abcdef01234567";
        Check c = EntryGate.unreadable(
                        ENTRY,
                        List.of(new FileLookup.ObjectsMissing(commit), new FileLookup.ComponentMissing()),
                        SOURCE)
                .orElseThrow();
        assertThat(c.verdict().verdict()).isEqualTo(Verdict.OBJECTS_MISSING);
        assertThat(c.verdict().reason())
                .isEqualTo(
                        "commit 0123456789ab of comp is in no local object database (fetch it or pass --mirror-dir)");
    }
}
