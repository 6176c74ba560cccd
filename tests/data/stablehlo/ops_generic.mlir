func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %i: tensor<i32>, %p: tensor<i1>, %c: tensor<4x8xcomplex<f32>>, %t: !stablehlo.token) -> () {
  %tt = "stablehlo.tuple"(%a) : (tensor<4x8xf32>) -> tuple<tensor<4x8xf32>>
  %s = "stablehlo.constant"() {value = dense<[4,8]> : tensor<2xi64>} : () -> tensor<2xi64>
  %b4 = "stablehlo.constant"() {value = dense<1.0> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %f8 = "stablehlo.constant"() {value = dense<1.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %i2 = "stablehlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %61 = "stablehlo.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %0 = "stablehlo.exponential"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = "stablehlo.exponential"(%a) {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, rtol = 0.0, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %3 = "stablehlo.case"(%i) ({ "stablehlo.return"(%a) : (tensor<4x8xf32>) -> () }, { "stablehlo.return"(%a) : (tensor<4x8xf32>) -> () }) : (tensor<i32>) -> tensor<4x8xf32>
  %4 = "stablehlo.if"(%p) ({ "stablehlo.return"(%a) : (tensor<4x8xf32>) -> () }, { "stablehlo.return"(%a) : (tensor<4x8xf32>) -> () }) : (tensor<i1>) -> tensor<4x8xf32>
  %5 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x8xf32>
  %6 = "stablehlo.slice"(%a) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 8>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<2x4xf32>
  %7 = "stablehlo.pad"(%a, %i2) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 0, 1>, interior_padding = array<i64: 0, 0>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x10xf32>
  %8 = "stablehlo.get_tuple_element"(%tt) {index = 0 : i32} : (tuple<tensor<4x8xf32>>) -> tensor<4x8xf32>
  %9:2 = "stablehlo.optimization_barrier"(%a, %i) : (tensor<4x8xf32>, tensor<i32>) -> (tensor<4x8xf32>, tensor<i32>)
  %10 = "stablehlo.real"(%c) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
  %11 = "stablehlo.complex"(%a, %a) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
  %12 = "stablehlo.after_all"(%t, %t) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %13 = "stablehlo.create_token"() : () -> !stablehlo.token
  %14 = "stablehlo.is_finite"(%a) : (tensor<4x8xf32>) -> tensor<4x8xi1>
  %15 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %16 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @g, composite_attributes = {k = 1 : i32}, version = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %17 = "stablehlo.custom_call"(%a) {call_target_name = "foo", backend_config = "x", api_version = 2 : i32, has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %18 = "stablehlo.custom_call"(%a) {call_target_name = "foo", backend_config = {x = 1 : i32}, api_version = 4 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %19 = "stablehlo.rng"(%i, %i, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<4x8xi32>
  %20 = "stablehlo.map"(%a, %a) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): "stablehlo.return"(%x) : (tensor<f32>) -> () }) {dimensions = array<i64: 0, 1>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %21 = "stablehlo.triangular_solve"(%b4, %b4) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %22:3 = "stablehlo.batch_norm_training"(%a, %f8, %f8) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
  %23 = "stablehlo.all_reduce"(%a) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): "stablehlo.return"(%x) : (tensor<f32>) -> () }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %24 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %25 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<4x16xf32>
  %26 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %27 = "stablehlo.cbrt"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %28 = "stablehlo.count_leading_zeros"(%i) : (tensor<i32>) -> tensor<i32>
  %29 = "stablehlo.popcnt"(%i) : (tensor<i32>) -> tensor<i32>
  %30 = "stablehlo.shift_left"(%i, %i) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %31 = "stablehlo.atan2"(%a, %a) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %32 = "stablehlo.round_nearest_even"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %33 = "stablehlo.reverse"(%a) {dimensions = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %34 = "stablehlo.replica_id"() : () -> tensor<ui32>
  %35 = "stablehlo.partition_id"() : () -> tensor<ui32>
  %37 = "stablehlo.get_dimension_size"(%a) {dimension = 1 : i64} : (tensor<4x8xf32>) -> tensor<i32>
  %38 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 0 : i64} : (tensor<2xi64>) -> tensor<?x?xf32>
  %39 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %40 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %41 = "stablehlo.real_dynamic_slice"(%a, %s, %s, %s) : (tensor<4x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %42 = "stablehlo.dynamic_pad"(%a, %i2, %s, %s, %s) : (tensor<4x8xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %43 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %44:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xui32>)
  %45 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<4x8xf32>, !stablehlo.token) -> !stablehlo.token
  %46:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<4x8xf32>, !stablehlo.token)
  %47 = "stablehlo.outfeed"(%a, %t) {outfeed_config = ""} : (tensor<4x8xf32>, !stablehlo.token) -> !stablehlo.token
  %48:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<4x8xf32>, !stablehlo.token)
  %49 = "stablehlo.reduce_scatter"(%a) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): "stablehlo.return"(%x) : (tensor<f32>) -> () }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %50 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %51 = "stablehlo.fft"(%c) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 8>} : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %52 = "stablehlo.cholesky"(%b4) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %53 = "stablehlo.bitcast_convert"(%a) : (tensor<4x8xf32>) -> tensor<4x8xi32>
  %54 = "stablehlo.clamp"(%i2, %a, %i2) : (tensor<f32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %55 = "stablehlo.select"(%p, %a, %a) : (tensor<i1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %56 = "stablehlo.concatenate"(%a, %a) {dimension = 0 : i64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  %57 = "stablehlo.dynamic_update_slice"(%a, %a, %i, %i) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %58 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  %60 = "stablehlo.dot"(%a, %b) {precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %62:3 = "stablehlo.batch_norm_grad"(%a, %f8, %f8, %f8, %a) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
  %63 = "stablehlo.not"(%p) : (tensor<i1>) -> tensor<i1>
  %64 = "stablehlo.abs"(%c) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
  "func.return"() : () -> ()
}
func.func @g(%a: tensor<4x8xf32>) -> tensor<4x8xf32> { return %a : tensor<4x8xf32> }