#pragma once
// What the NVTX calls of this test executable did, as recorded by nvtx_recorder.cpp.
#include <cstddef>
#include <string>
#include <vector>

namespace nvtx_recorder {

// The events since the last call, oldest first: "push <domain> <message> (registered)",
// "push <domain> <message> (ascii)" or "pop <domain>".
std::vector<std::string> take_events();

// How many times `text` was registered as a string.
std::size_t registrations(const std::string& text);

} // namespace nvtx_recorder
