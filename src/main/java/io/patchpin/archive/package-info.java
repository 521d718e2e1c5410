/**
 * Source trees as distributions see them, computed from git objects alone: the NAR serialisation Nix hashes and the tar
 * stream {@code git archive} writes, with {@code .gitattributes} read from the tree as git does.
 */
package io.patchpin.archive;
