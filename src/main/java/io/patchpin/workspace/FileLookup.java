package io.patchpin.workspace;

/** What reading one file of one component gave. */
public sealed interface FileLookup {

    /** The file's bytes; {@code blobId} is the 40-hex blob id when read from a revision, else null. */
    record Found(byte[] content, String blobId) implements FileLookup {
    }

    /** The component is there but the file is not. */
    record FileMissing() implements FileLookup {
    }

    /** The path is not a submodule (or not checked out) where it is looked for. */
    record ComponentMissing() implements FileLookup {
    }

    /** The component's commit is in no local object database. */
    record ObjectsMissing(String commit) implements FileLookup {
    }
}
