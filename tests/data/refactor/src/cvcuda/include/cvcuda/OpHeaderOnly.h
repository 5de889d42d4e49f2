#ifndef CVCUDA_HEADER_ONLY_H
#define CVCUDA_HEADER_ONLY_H
CVCUDA_PUBLIC NVCVStatus cvcudaHeaderOnlySubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                NVCVTensorHandle in, NVCVTensorHandle out);
#endif
