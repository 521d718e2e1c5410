package io.patchpin.history;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeSet;
import org.eclipse.jgit.internal.storage.file.FileRepository;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The superproject entries a history keys its verdicts on: targets, folders on the way, gitlinks above a nested path. */
class TreeKeysTest {
    @TempDir
    Path tmp;

    @Test
    void aNestedComponentIsKeyedByTheGitlinkAboveItAndUnrelatedFilesAreNotRead() throws Exception {
        try (Repository repo = new FileRepository(tmp.resolve("super.git").toFile())) {
            repo.create(true);
            ObjectId sub = ObjectId.fromString("1111111111111111111111111111111111111111");
            try (ObjectInserter ins = repo.newObjectInserter();
                    ObjectReader reader = repo.newObjectReader();
                    RevWalk walk = new RevWalk(reader)) {
                ObjectId blob = ins.insert(Constants.OBJ_BLOB, "x\n".getBytes(StandardCharsets.UTF_8));
                ObjectId other = ins.insert(Constants.OBJ_BLOB, "y\n".getBytes(StandardCharsets.UTF_8));
                TreeFormatter compilerTree = new TreeFormatter();
                compilerTree.append("CMakeLists.txt", FileMode.REGULAR_FILE, blob);
                compilerTree.append("amd-llvm", FileMode.GITLINK, sub);
                compilerTree.append("unrelated.txt", FileMode.REGULAR_FILE, other);
                TreeFormatter compilerRt = new TreeFormatter();
                compilerRt.append("x", FileMode.REGULAR_FILE, other);
                TreeFormatter root = new TreeFormatter();
                root.append(".gitmodules", FileMode.REGULAR_FILE, other);
                root.append("compiler", FileMode.TREE, ins.insert(compilerTree));
                root.append("compiler-rt", FileMode.TREE, ins.insert(compilerRt));
                root.append("ml-libs", FileMode.REGULAR_FILE, other);
                CommitBuilder c = new CommitBuilder();
                PersonIdent who = new PersonIdent("T", "t@example.com", Instant.EPOCH, ZoneOffset.UTC);
                c.setAuthor(who);
                c.setCommitter(who);
                c.setTreeId(ins.insert(root));
                c.setMessage("m");
                ObjectId commit = ins.insert(c);
                ins.flush();

                TreeKeys keys = new TreeKeys(new TreeSet<>(List.of(
                        ".gitmodules",
                        "compiler/CMakeLists.txt",
                        "compiler/amd-llvm/llvm",
                        "ml-libs/composable_kernel")));
                SortedMap<String, String> at = keys.at(reader, walk.parseCommit(commit));
                assertThat(at)
                        .containsOnlyKeys(".gitmodules", "compiler/CMakeLists.txt", "compiler/amd-llvm", "ml-libs");
                assertThat(at.get("compiler/amd-llvm")).isEqualTo("160000:" + sub.name());
                assertThat(TreeKeys.key(at, List.of("compiler/amd-llvm/llvm")))
                        .isEqualTo("compiler/amd-llvm=160000:" + sub.name() + "\n");
                assertThat(TreeKeys.key(at, List.of("compiler/CMakeLists.txt")))
                        .isEqualTo("compiler/CMakeLists.txt=100644:" + blob.name() + "\n");
            }
        }
    }
}
