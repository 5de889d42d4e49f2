// A static NVTX injection (nvtxInit.h, "static injection"): the strong definition of
// InitializeInjectionNvtx2_fnptr below attaches these functions to every NVTX call in this
// executable, so the test can read back the ranges odo opened, without nsys and without a GPU.
#include "nvtx_recorder.hpp"

#include <cstdint>

// Declared before the NVTX headers, which read it, and defined at the end of this file; with
// NVTX_STATIC_INJECTION_IMPL the headers leave out their weak, empty definition of it.
extern "C" int (*InitializeInjectionNvtx2_fnptr)(const void* (*)(std::uint32_t));
#define NVTX_STATIC_INJECTION_IMPL
#include <nvtx3/nvToolsExt.h>

#include <deque>
#include <mutex>

namespace {

struct Recorder {
    std::mutex mutex;
    std::deque<std::string> domains; // a handle is the address of its name: deque keeps it valid
    std::deque<std::string> strings;
    std::vector<std::string> events;
};

Recorder& recorder() {
    static Recorder r;
    return r;
}

const std::string& text_of(const void* handle) {
    return *static_cast<const std::string*>(handle);
}

nvtxDomainHandle_t NVTX_API create_domain(const char* name) {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.domains.emplace_back(name);
    return reinterpret_cast<nvtxDomainHandle_t>(&r.domains.back());
}

nvtxStringHandle_t NVTX_API register_string(nvtxDomainHandle_t, const char* text) {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.strings.emplace_back(text);
    return reinterpret_cast<nvtxStringHandle_t>(&r.strings.back());
}

int NVTX_API push(nvtxDomainHandle_t domain, const nvtxEventAttributes_t* attributes) {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    std::string message = "(none)";
    if (attributes->messageType == NVTX_MESSAGE_TYPE_REGISTERED)
        message = text_of(attributes->message.registered) + " (registered)";
    else if (attributes->messageType == NVTX_MESSAGE_TYPE_ASCII)
        message = std::string(attributes->message.ascii) + " (ascii)";
    r.events.push_back("push " + (domain ? text_of(domain) : "(global)") + " " + message);
    return 0;
}

int NVTX_API pop(nvtxDomainHandle_t domain) {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    r.events.push_back("pop " + (domain ? text_of(domain) : "(global)"));
    return 0;
}

template <class F>
void attach(NvtxFunctionTable table, unsigned int size, unsigned int id, F function) {
    if (id < size)
        *table[id] = reinterpret_cast<NvtxFunctionPointer>(function);
}

int NVTX_API initialize(NvtxGetExportTableFunc_t get_export_table) {
    const auto* callbacks =
        static_cast<const NvtxExportTableCallbacks*>(get_export_table(NVTX_ETID_CALLBACKS));
    NvtxFunctionTable table = nullptr;
    unsigned int size = 0;
    if (!callbacks || !callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &table, &size) ||
        !table)
        return 0;
    attach(table, size, NVTX_CBID_CORE2_DomainCreateA, &create_domain);
    attach(table, size, NVTX_CBID_CORE2_DomainRegisterStringA, &register_string);
    attach(table, size, NVTX_CBID_CORE2_DomainRangePushEx, &push);
    attach(table, size, NVTX_CBID_CORE2_DomainRangePop, &pop);
    return 1;
}

} // namespace

NvtxInitializeInjectionNvtxFunc_t InitializeInjectionNvtx2_fnptr = &initialize;

namespace nvtx_recorder {

std::vector<std::string> take_events() {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    std::vector<std::string> out;
    out.swap(r.events);
    return out;
}

std::size_t registrations(const std::string& text) {
    Recorder& r = recorder();
    const std::lock_guard<std::mutex> lock(r.mutex);
    std::size_t n = 0;
    for (const std::string& s : r.strings)
        n += s == text;
    return n;
}

} // namespace nvtx_recorder
