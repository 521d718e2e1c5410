package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The package graph, read from the compiled classes: packages by concept, no cycle between them, cli a leaf. */
class PackageCycleTest {
    private static PackageGraph graph;

    @BeforeAll
    static void load() {
        graph = PackageGraph.read(Path.of("target/classes"));
    }

    @Test
    void noCycleBetweenPackages() {
        assertThat(graph.uses()).as("the compiled classes are read").containsKeys("cli", "core", "check", "verify");
        assertThat(graph.uses().get("cli")).as("what cli uses").contains("core", "verify");
        assertThat(graph.cycle()).as("a cycle between packages").isEmpty();
    }

    @Test
    void nothingImportsCli() {
        graph.uses()
                .forEach((from, to) -> assertThat(to).as("what %s uses", from).doesNotContain("cli"));
    }

    @Test
    void checkSitsBelowTheCheckers() {
        assertThat(graph.uses().get("check"))
                .doesNotContainAnyElementsOf(List.of("patch", "rewrite", "kind", "verify", "rebase", "apply", "lock"));
    }

    @Test
    void aCycleThroughClassNamesDescriptorsOrSignaturesIsFound() throws IOException {
        PackageGraph cyclic = PackageGraph.of(List.of(
                classFile("io/patchpin/a/A", "io/patchpin/b/B"),
                classFile("io/patchpin/b/B", "(Lio/patchpin/c/C;)V"),
                classFile("io/patchpin/c/C", "Ljava/util/List<Lio/patchpin/a/A;>;"),
                classFile("io/patchpin/d/D", "io/patchpin/a/A")));
        assertThat(cyclic.uses())
                .isEqualTo(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a")));
        assertThat(cyclic.cycle()).contains(List.of("a", "b", "c", "a"));
        assertThat(PackageGraph.of(List.of(
                                classFile("io/patchpin/a/A", "io/patchpin/b/B"),
                                classFile("io/patchpin/b/B", "java/lang/Object")))
                        .cycle())
                .isEmpty();
    }

    @Test
    void aStringLiteralIsNoDependency() throws IOException {
        PackageGraph g = PackageGraph.of(List.of(
                classFile("io/patchpin/a/A", null, "io/patchpin/b/readme.txt"),
                classFile("io/patchpin/b/B", "io/patchpin/a/A")));
        assertThat(g.uses()).isEqualTo(Map.of("a", Set.of(), "b", Set.of("a")));
        assertThat(g.cycle()).isEmpty();
    }

    /** A minimal class file named {@code name} whose constant pool holds {@code text} and the string {@code literal}. */
    private static byte[] classFile(String name, String text) throws IOException {
        return classFile(name, text, null);
    }

    private static byte[] classFile(String name, String text, String literal) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0xCAFEBABE);
        out.writeShort(0);
        out.writeShort(61);
        out.writeShort(8); // entries 1..7
        out.writeByte(1);
        out.writeUTF(name); // 1
        out.writeByte(7);
        out.writeShort(1); // 2: this class
        out.writeByte(1);
        out.writeUTF(text == null ? "unused" : text); // 3
        out.writeByte(1);
        out.writeUTF(literal == null ? "unused" : literal); // 4
        out.writeByte(8);
        out.writeShort(4); // 5: a string literal
        out.writeByte(5);
        out.writeLong(0); // 6 and 7 (a long takes two)
        out.writeShort(0x21);
        out.writeShort(2);
        out.writeShort(0);
        out.writeShort(0);
        out.writeShort(0);
        out.writeShort(0);
        out.writeShort(0);
        out.writeShort(0);
        return bytes.toByteArray();
    }
}
