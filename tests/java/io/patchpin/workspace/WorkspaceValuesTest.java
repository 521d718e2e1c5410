package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Small values of the workspace: nesting cycles by commit, component ids, what a missing-objects lookup says. */
class WorkspaceValuesTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);

    @Test
    void aChildAtItsAncestorsCommitIsACycleEvenWithoutUrls() {
        Map<String, Component> resolved = new TreeMap<>();
        resolved.put(".", new Component(".", ".", Optional.empty(), Optional.empty(), A, Optional.empty(), true));
        resolved.put(
                "x",
                new Component("x", "x", Optional.of("https://h/x.git"), Optional.empty(), B, Optional.of("."), true));
        assertThatThrownBy(() -> Nesting.check(resolved, ".gitmodules of x", "x", "x/y", null, A))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "submodule cycle: component 'x/y' is commit " + A + " again, as its ancestor '.'");
        Nesting.check(resolved, ".gitmodules of x", "x", "x/z", "https://h/z.git", "c".repeat(40));
    }

    @Test
    void aComponentNeedsAFullCommitId() {
        assertThatThrownBy(() ->
                        new Component("x", "x", Optional.empty(), Optional.empty(), "abc", Optional.of("."), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("commit of x is not 40-hex: abc");
    }

    @Test
    void missingObjectsSayWhereToFetchThem() {
        FileLookup.ObjectsMissing bare = new FileLookup.ObjectsMissing(A);
        assertThat(bare.describe("llvm"))
                .isEqualTo("commit aaaaaaaaaaaa of llvm is in no local object database "
                        + "(fetch it or pass --mirror-dir)");
        assertThat(new FileLookup.ObjectsMissing(A, "/srv/mirror").hint())
                .isEqualTo("fetch it, into the mirror /srv/mirror or the submodule");
        assertThat(new FileLookup.ComponentMissing(true).describe("llvm", "work tree"))
                .isEqualTo("llvm is not checked out (git submodule update --init llvm)");
    }
}
